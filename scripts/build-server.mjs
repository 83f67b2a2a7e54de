// Builds the server for `npm start`: one ES module, dist-server/main.js, run with plain `node`
// (no TypeScript compiler at run time). esbuild (already installed through Vite and tsx) bundles
// server/, schemas/ and renderer/ (the @renderer alias comes from tsconfig.json) and leaves the
// packages in node_modules as imports (PGlite finds its WebAssembly files beside its own code),
// mathjs aside (below).
// The files the server reads at run time beside its code (the SQL migrations, the demo logo) are
// copied next to main.js, so `import.meta.dirname` finds them there as it does in server/.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist-server');
const started = performance.now();
/**
 * Every dependency stays an import from node_modules, except mathjs: its `mathjs/number` entry
 * builds every function it has when loaded, and they stay resident, while the server's formulas
 * use only the few renderer/formula.ts imports. Bundled, esbuild keeps only those.
 */
const BUNDLED = new Set(['mathjs']);
const { dependencies, devDependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys({ ...dependencies, ...devDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'server/main.ts' },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
  tsconfig: join(root, 'tsconfig.json'),
});
cpSync(join(root, 'server/db/migrations'), join(out, 'migrations'), { recursive: true });
cpSync(join(root, 'server/seed/demo-logo.svg'), join(out, 'demo-logo.svg'));
console.log(`server built into dist-server/ in ${Math.round(performance.now() - started)} ms`);
