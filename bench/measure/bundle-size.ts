import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { LANGUAGES } from '../../schemas/languages';

/**
 * `npm run bench:bundle` (after `npm run build`): what the first load of /demo@1 costs, file by
 * file and part by part (React DOM, Mantine, the router, the app's own code, the strings...),
 * beside its budget. tests/build/bundle-budget.test.ts holds the budgets below.
 *
 * Gzipped JavaScript a phone downloads for the first screen: the entry, its static imports and one
 * language's first strings. The budget is the size measured when it was last set plus a little,
 * so any real growth fails tests/build/bundle-budget.test.ts and must be argued for; raise it only
 * with the reason in docs/engineers/performance.md, where the figures it was set on are recorded.
 */
export const FIRST_LOAD_BUDGET_BYTES = 156 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface SizedFile {
  file: string;
  gzipBytes: number;
}

export interface FirstLoadReport {
  /** The entry chunk and every chunk it imports statically. */
  files: SizedFile[];
  /** The string chunks of the heaviest language (a phone loads exactly one language). */
  languageFiles: SizedFile[];
  totalGzipBytes: number;
}

/** The namespaces i18n loads before the first render (src/shared/i18n/i18n.ts); others load with their screens. */
const INITIAL_NAMESPACES = ['common', 'errors'];

const sum = (files: SizedFile[]) => files.reduce((total, f) => total + f.gzipBytes, 0);

/**
 * Reads Vite's manifest (dist/.vite/manifest.json): the entry and its static imports are what
 * the browser must fetch before the first render; one language's strings are fetched with them.
 * Dynamic imports (screens, dialogs, camera, OCR) are not part of the first load.
 */
export function measureFirstLoad(distDir: string): FirstLoadReport {
  const manifest = readManifest(distDir);
  const size = (key: string): SizedFile => {
    const file = manifest[key]?.file;
    if (!file) throw new Error(`manifest has no chunk ${key}`);
    return sized(distDir, file);
  };
  const files = staticClosure(manifest, entriesOf(manifest)).map(size);
  const languageFiles =
    LANGUAGES.map((lng) =>
      INITIAL_NAMESPACES.map((ns) => `locales/${lng}/${ns}.json`)
        .filter((key) => manifest[key])
        .map(size),
    ).sort((a, b) => sum(b) - sum(a))[0] ?? [];
  return { files, languageFiles, totalGzipBytes: sum(files) + sum(languageFiles) };
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run 'npm run build' first`);
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
}

const entriesOf = (manifest: Record<string, ManifestChunk>) =>
  Object.keys(manifest).filter((key) => manifest[key]?.isEntry);

const sized = (distDir: string, file: string): SizedFile => ({
  file,
  gzipBytes: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length,
});

/** The manifest keys of `roots` and every chunk they import statically, transitively, except those in `outside`. */
function staticClosure(
  manifest: Record<string, ManifestChunk>,
  roots: string[],
  outside = new Set<string>(),
): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const key = queue.pop() as string;
    if (seen.has(key) || outside.has(key)) continue;
    seen.add(key);
    queue.push(...(manifest[key]?.imports ?? []));
  }
  return [...seen];
}

/**
 * What a lazy part fetches beyond the first load (gzip): the chunk and what it imports
 * statically, less what the first load already holds. Each budget is the part's size when it was
 * set plus a little, so growth fails tests/build/bundle-budget.test.ts and must be argued for:
 * - form: every form (the configured-form chunk: rjsf, ajv and the widgets), which keeps only the
 *   Mantine templates rjsf can draw;
 * - detailPage: a scanned link's detail page, whose table and confirmations load in chunks of
 *   their own.
 */
export const BEYOND_FIRST_LOAD_BUDGETS = { form: 163 * 1024, detailPage: 33 * 1024 } as const;

/** The chunks a lazy part adds to the first load: `chunk` names a manifest key, or a chunk file's name before its hash. */
export function measureBeyondFirstLoad(distDir: string, chunk: string): FirstLoadReport {
  const manifest = readManifest(distDir);
  const firstLoad = new Set(staticClosure(manifest, entriesOf(manifest)));
  const root = manifest[chunk]
    ? chunk
    : Object.keys(manifest).find((key) => manifest[key]?.file.startsWith(`assets/${chunk}-`));
  if (!root) throw new Error(`manifest has no chunk ${chunk}`);
  const files = staticClosure(manifest, [root], firstLoad).map((key) => sized(distDir, manifest[key]!.file));
  return { files, languageFiles: [], totalGzipBytes: sum(files) };
}

/** Where the build says which modules each chunk holds (vite.config.ts, moduleGraph). */
type ModuleGraph = Record<string, Record<string, number>>;

function readModuleGraph(distDir: string): ModuleGraph {
  const path = join(distDir, '.vite', 'modules.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: run 'npm run build' first`);
  return JSON.parse(readFileSync(path, 'utf8')) as ModuleGraph;
}

/**
 * The part of the client a module belongs to: its npm package, the project folder it comes from,
 * the strings of a language, or the bundler's own helpers.
 */
export function partOf(moduleId: string): string {
  const inPackage = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(moduleId);
  if (inPackage) return inPackage[1] as string;
  if (moduleId.startsWith('\0')) return 'bundler helpers';
  if (/^locales\/[^/]+\/[\w-]+\.json$/.test(moduleId)) return 'strings (one language)';
  return moduleId.includes('/') ? `${moduleId.split('/')[0]}/` : moduleId;
}

/**
 * What each part costs in the first load, gzip, largest first. A chunk's gzipped size is shared
 * among the parts in it by each one's share of the chunk's code before minifying: an estimate
 * (gzip does not add up module by module), whose sum is the first load's total.
 */
export function firstLoadParts(distDir: string): SizedFile[] {
  const graph = readModuleGraph(distDir);
  const report = measureFirstLoad(distDir);
  const costs = new Map<string, number>();
  for (const { file, gzipBytes } of [...report.files, ...report.languageFiles]) {
    const modules = Object.entries(graph[file] ?? {});
    const length = modules.reduce((total, [, rendered]) => total + rendered, 0);
    if (length === 0) {
      costs.set('bundler helpers', (costs.get('bundler helpers') ?? 0) + gzipBytes);
      continue;
    }
    for (const [id, rendered] of modules) {
      const part = partOf(id);
      costs.set(part, (costs.get(part) ?? 0) + (gzipBytes * rendered) / length);
    }
  }
  return [...costs]
    .map(([file, gzipBytes]) => ({ file, gzipBytes: Math.round(gzipBytes) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = measureFirstLoad('dist');
  console.log(`first load of /demo@1, gzip: ${kb(report.totalGzipBytes)} (budget ${kb(FIRST_LOAD_BUDGET_BYTES)})`);
  console.log('\nby file:');
  for (const { file, gzipBytes } of [...report.files, ...report.languageFiles])
    console.log(`  ${kb(gzipBytes)}  ${file}`);
  console.log("\nby part (each chunk shared by its parts' code before minifying):");
  for (const { file, gzipBytes } of firstLoadParts('dist')) console.log(`  ${kb(gzipBytes)}  ${file}`);
  for (const [name, chunk] of [
    ['every form', 'configured-form'],
    ["a scanned link's detail page", 'src/features/barcode-detail/components/detail-page.tsx'],
  ] as const) {
    const part = measureBeyondFirstLoad('dist', chunk);
    console.log(`\nbeyond the first load, ${name}: ${kb(part.totalGzipBytes)} in ${part.files.length} files`);
  }
}
