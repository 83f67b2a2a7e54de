import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { BuildEnvironment, createIdResolver, resolveConfig, type InlineConfig, type ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import vitestConfig from '../../vitest.config';

/**
 * The client runs on React DOM, React's own packages, in the build, `npm run dev` and every test
 * configuration, and ships their production builds: no alias points React at another library, no
 * second copy of React is reached, and no development build of any library is in dist/.
 * The build checks run after `npm run build`.
 */
const root = process.cwd();
const fromRoot = (path: string) => relative(root, path).split(sep).join('/');

/** Each React specifier and the package it must resolve into. */
const REACT_SPECIFIERS = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react/jsx-dev-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
} as const;

/**
 * Where React is imported from: the app's entry, and the entry of every installed package that
 * depends on React (Mantine, rjsf, React Router, SWR, react-i18next...), so that a copy of React
 * nested in one of them would be found as well.
 */
function importers(): string[] {
  const found = [join(root, 'src/app/main.tsx')];
  const scan = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || !entry.isDirectory()) continue;
      if (entry.name.startsWith('@')) {
        scan(join(dir, entry.name));
        continue;
      }
      const manifest = join(dir, entry.name, 'package.json');
      if (!existsSync(manifest)) continue;
      const { dependencies = {}, peerDependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as Record<
        string,
        Record<string, string>
      >;
      const needs = { ...dependencies, ...peerDependencies };
      if ('react' in needs || 'react-dom' in needs) found.push(manifest);
    }
  };
  scan(join(root, 'node_modules'));
  return found;
}

/** The name in the package.json of the package a resolved file belongs to. */
function packageOf(file: string): string | undefined {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name) return name;
    }
  }
  return undefined;
}

type Project = { resolve?: InlineConfig['resolve']; plugins?: InlineConfig['plugins']; test?: { name?: string } };
const projects = (vitestConfig as { test?: { projects?: Project[] } }).test?.projects ?? [];

type Configuration = [name: string, resolved: () => Promise<ResolvedConfig>];

/** The configurations that resolve client code: the build, `npm run dev` and each vitest project. */
const configurations: Configuration[] = [
  ['vite build', () => resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'build', 'production')],
  ['npm run dev', () => resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'serve', 'development')],
  ...projects.map((project): Configuration => [
    `vitest project ${project.test?.name}`,
    () =>
      resolveConfig(
        { configFile: false, root, resolve: project.resolve, plugins: project.plugins, logLevel: 'silent' },
        'serve',
        'test',
      ),
  ]),
];

describe('the React the client runs on', () => {
  const from = importers();

  it('is imported by the app and by the packages built on React', () => {
    expect(existsSync(from[0] as string)).toBe(true);
    expect(from.length).toBeGreaterThan(10);
    expect(from.map((file) => fromRoot(file))).toEqual(
      expect.arrayContaining(['node_modules/@mantine/core/package.json', 'node_modules/swr/package.json']),
    );
    expect(configurations.map(([name]) => name)).toEqual(
      expect.arrayContaining(['vite build', 'npm run dev', 'vitest project unit']),
    );
  });

  it.each(configurations)(
    "%s: Vite's resolver takes react, react-dom and the JSX runtimes to React's own packages",
    async (_name, configure) => {
      const config = await configure();
      const resolve = createIdResolver(config);
      const environment = new BuildEnvironment('client', config);
      const wrong: string[] = [];
      for (const importer of from) {
        for (const [specifier, expected] of Object.entries(REACT_SPECIFIERS)) {
          const resolved = await resolve(environment, specifier, importer);
          const path = resolved === undefined ? '' : fromRoot(resolved);
          if (!path.startsWith(`node_modules/${expected}/`) || packageOf(resolved as string) !== expected) {
            wrong.push(`${specifier} from ${fromRoot(importer)}: ${resolved ?? 'unresolved'}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    },
    30_000,
  );
});

describe('what the build ships (built client)', () => {
  /** Per chunk, the modules it holds, from the project's root (vite.config.ts, moduleGraph). */
  const graph = JSON.parse(readFileSync('dist/.vite/modules.json', 'utf8')) as Record<string, Record<string, number>>;
  const modules = [...new Set(Object.values(graph).flatMap((chunk) => Object.keys(chunk)))];

  it("holds React's and React DOM's production builds, from React's own packages only", () => {
    expect(modules.length).toBeGreaterThan(500);
    expect(modules).toEqual(
      expect.arrayContaining([
        'node_modules/react/cjs/react.production.js',
        'node_modules/react/cjs/react-jsx-runtime.production.js',
        'node_modules/react-dom/cjs/react-dom-client.production.js',
      ]),
    );
    // From the top-level react and react-dom packages, not a copy nested in another package.
    const nested = modules.filter((id) => /.\/node_modules\/react(-dom)?\//.test(id));
    expect(nested).toEqual([]);
    expect(modules.filter((id) => /preact/i.test(id))).toEqual([]);
  });

  it('holds no development build of any library', () => {
    expect(modules.filter((id) => id.startsWith('node_modules/') && /[/.]development[/.]/.test(id))).toEqual([]);
  });

  /**
   * Every text file of dist/ (code, styles, pages, data), as written, that a browser may get: not
   * the server entry in dist/server/, which the server runs and never sends
   * (tests/build/first-screen.test.ts checks its React).
   */
  const textFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (path === join('dist', 'server')) return [];
      if (statSync(path).isDirectory()) return textFiles(path);
      return /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/.test(name) ? [path] : [];
    });

  it.each([
    ['a `process.env` check left for the browser to run', 'process.env'],
    ["React DOM's development warnings", 'Each child in a list should have a unique'],
    ["React Router's development warnings", 'No routes matched location'],
    ['any trace of Preact', 'preact'],
  ])('has in no file %s', (_what, text) => {
    const files = textFiles('dist');
    expect(files.length).toBeGreaterThan(50);
    const found = files.filter((file) => readFileSync(file, 'utf8').toLowerCase().includes(text.toLowerCase()));
    expect(found).toEqual([]);
  });
});
