import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import * as esbuild from 'esbuild';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { detectLanguage } from './schemas/languages.ts';
import { CLIENT_VERSION, Headers as HeaderNames } from './schemas/validation.ts';
import {
  BOOT_REQUEST_GLOBAL,
  drawsBarcodeScreen,
  PROJECT_SEGMENT,
  PUBLIC_BARCODE_SCREENS,
  REST_STYLES_GLOBAL,
  SCAN_OCR_SEGMENT,
  SESSION_HINT,
  TOP_LEVEL_SCREENS,
} from './schemas/boot-request.ts';
import { APP_ICONS } from './schemas/app-icons.ts';
import { FIRST_SCREEN_ATTRIBUTE, HELD_SUBMIT_GLOBAL, HYDRATING_GLOBAL } from './schemas/first-screen.ts';
import { pathAliasList, plainTextMarkdown, reactRouterProduction } from './aliases.ts';
import { mantineStyles } from './scripts/mantine-styles.ts';
import { appIconPng } from './scripts/app-icon.ts';

/**
 * Writes .gz and .br beside every text asset, so the server sends compressed files without
 * compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    // After the files are written, so the compressed copies hold the final code (Vite rewrites
    // chunks until the very end of generateBundle).
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|wasm)$/.test(fileName)) continue;
        const bytes = readFileSync(join(outDir, fileName));
        if (bytes.length < 1024) continue;
        writeFileSync(join(outDir, `${fileName}.gz`), gzipSync(bytes, { level: 9 }));
        // Brotli's best level takes seconds per megabyte: files over a megabyte (the OCR engine) get level 9.
        const quality = bytes.length > 1_000_000 ? 9 : 11;
        writeFileSync(
          join(outDir, `${fileName}.br`),
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
        );
      }
    },
  };
}

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const tesseractVersion = (require('tesseract.js/package.json') as { version: string }).version;

/**
 * The OCR engine's files, served by this app under stable names (never from tesseract.js's
 * default CDN): its worker script, the three LSTM builds of the core (the worker picks relaxed
 * SIMD, SIMD or plain by what the browser supports) and the English model (best_int, what
 * tesseract.js uses by default). They sit under /assets/ with the version in the path, so they
 * are cached for a year and a new version gets new URLs. Only the OCR capture loads them.
 */
export const OCR_ASSET_DIR = `assets/tesseract-${tesseractVersion}`;
function ocrAssets(): Plugin {
  const files: Record<string, string> = {
    'worker.min.js': join(packageDir('tesseract.js'), 'dist/worker.min.js'),
    'eng.traineddata.gz': join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int/eng.traineddata.gz'),
  };
  for (const build of ['relaxedsimd-lstm', 'simd-lstm', 'lstm']) {
    files[`tesseract-core-${build}.wasm.js`] = join(packageDir('tesseract.js-core'), `tesseract-core-${build}.wasm.js`);
  }
  return {
    name: 'ocr-assets',
    config: () => ({ define: { 'import.meta.env.OCR_ASSET_DIR': JSON.stringify(OCR_ASSET_DIR) } }),
    generateBundle() {
      for (const [name, path] of Object.entries(files)) {
        this.emitFile({ type: 'asset', fileName: `${OCR_ASSET_DIR}/${name}`, source: readFileSync(path) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const prefix = `/${OCR_ASSET_DIR}/`;
        const path = request.url?.startsWith(prefix)
          ? files[request.url.slice(prefix.length).split('?')[0] ?? '']
          : undefined;
        if (!path) return next();
        response.setHeader('content-type', path.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        createReadStream(path).pipe(response);
      });
    },
  };
}

/**
 * Hints in index.html that let a slow phone fetch side by side what it would otherwise fetch one
 * after the other (the login form on slow 4G, docs/engineers/performance.md). An inline script, run before the app's
 * code arrives: modulepreload of this browser's language strings (the app's own language choice,
 * detectLanguage, inlined), which i18n would only ask for once the app's code has run, and the
 * address's first API requests (fetches, not preloads: a preload cannot send the client-version
 * header the server's force-upgrade answer depends on; see bootRequests).
 */
/**
 * The first API requests of the address, started by index.html's inline script as the app's API
 * client would send them (same URL, credentials, client-version and utc-offset headers), so they
 * run beside the app's code instead of after it (the login form and a scanned link's detail page
 * would otherwise wait for them): the project of the `{project}` segment, and on a
 * `/{project}/qrcode/{id}` address the barcode by its id (and, on the barcode screens open to
 * visitors or with a session, its screens' 'barcode' strings, modulepreload; on the detail page
 * itself also the page's code: detailScreenCode), with a session (the readable `sb_session` hint
 * cookie) the user's profile, and there or with a session the rest of Mantine's styles (preload).
 * The app's client takes their answers
 * over (src/shared/api/boot-request.ts). An address that names no project (`/`, `/admin`,
 * `/playground`, not `code` or `code@version`) asks nothing; a barcode named by a lookup
 * (`externalId=...`) or the OCR scan page asks no barcode. A page whose first screen the server
 * drew (`drawn`, schemas/first-screen.ts) holds the project's and the barcode's answers already:
 * it asks neither.
 */
function bootRequests(apiBase: string): string {
  return `var parts = location.pathname.split('/');
  var segment = parts[1] || '';
  var ref = /${PROJECT_SEGMENT.source}/.exec(segment);
  if (ref && ${JSON.stringify(TOP_LEVEL_SCREENS)}.indexOf(segment) < 0 && typeof fetch === 'function') {
    var headers = {};
    headers[${JSON.stringify(HeaderNames.utcOffset)}] = String(-new Date().getTimezoneOffset() / 60);
    headers[${JSON.stringify(HeaderNames.clientVersion)}] = ${JSON.stringify(CLIENT_VERSION)};
    var requests = window.${BOOT_REQUEST_GLOBAL} = [];
    var ask = function (url) {
      var response = fetch(url, { method: 'GET', headers: headers, credentials: 'include' });
      response.catch(function () {});
      requests.push({ url: url, response: response });
    };
    if (!drawn) ask(${JSON.stringify(apiBase)} + '/barcode/project?code=' + encodeURIComponent(ref[1]) + (ref[2] ? '&version=' + ref[2] : ''));
    var id = '';
    try { id = parts[2] === 'qrcode' && parts[3] && parts[3] !== ${JSON.stringify(SCAN_OCR_SEGMENT)} ? decodeURIComponent(parts[3]) : ''; } catch (e) { id = ''; }
    if (id && id.indexOf('=') < 0 && !drawn) ask(${JSON.stringify(apiBase)} + '/barcode/barcode?' + new URLSearchParams({ id: id }).toString());
    var session = /(^|; )${SESSION_HINT}=1(;|$)/.test(document.cookie);
    if (session) ask(${JSON.stringify(apiBase)} + '/user/profile');
    // What a barcode's screen draws with (drawsBarcodeScreen). With a session every screen (the
    // logged-in home too) waits for the rest of Mantine's styles.
    var drawsBarcode = id && (${drawsBarcodeScreen.toString()})(parts[4] || '', session, ${JSON.stringify(PUBLIC_BARCODE_SCREENS)});
    if (drawsBarcode && barcodeStrings[language]) hint({ rel: 'modulepreload', href: barcodeStrings[language] });
    if (drawsBarcode || session) hint({ rel: 'preload', as: 'style', href: restStyles, crossorigin: '' });
    if (id && !parts[4]) detailCode.forEach(function (href) { hint({ rel: 'modulepreload', href: href }); });
  }`;
}

/** The chunks named and every chunk they import statically, transitively (file names). */
function staticImports(
  bundle: Rollup.OutputBundle,
  fileNames: Iterable<string>,
  seen = new Set<string>(),
): Set<string> {
  for (const fileName of fileNames) {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') continue;
    seen.add(fileName);
    staticImports(bundle, chunk.imports, seen);
  }
  return seen;
}

/** The detail page's code the first load does not hold: its chunk and what it imports, less the entry's own imports. */
function detailScreenCode(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const entry = staticImports(
    bundle,
    chunks.filter((c) => c.isEntry).map((c) => c.fileName),
  );
  const page = chunks.find((c) =>
    /[\\/]src[\\/]features[\\/]barcode-detail[\\/]components[\\/]detail-page\.tsx$/.test(c.facadeModuleId ?? ''),
  );
  if (!page) throw new Error('boot hints: no detail-page chunk in the bundle');
  return [...staticImports(bundle, [page.fileName])].filter((file) => !entry.has(file)).map((file) => `/${file}`);
}

/** The rest of Mantine's styles (scripts/mantine-styles.ts), which every lazy screen waits for: index.html names it, the service worker keeps it. */
function restStylesFile(bundle: Rollup.OutputBundle): string {
  const file = Object.keys(bundle).find((name) => /^assets\/rest-styles-[\w-]+\.css$/.test(name));
  if (!file) throw new Error('mantine styles: no rest-styles stylesheet in the bundle');
  return `/${file}`;
}

function bootHints(): Plugin {
  let apiBase = '/api';
  return {
    name: 'boot-hints',
    apply: 'build',
    configResolved(config) {
      apiBase = (config.env.VITE_API_BASE as string | undefined) ?? '/api';
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const strings: Record<string, string[]> = {};
        const barcodeStrings: Record<string, string> = {};
        for (const chunk of Object.values(context.bundle ?? {})) {
          if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
          const match = /[\\/]locales[\\/]([^\\/]+)[\\/](common|errors|barcode)\.json$/.exec(chunk.facadeModuleId);
          if (!match?.[1]) continue;
          if (match[2] === 'barcode') barcodeStrings[match[1]] = `/${chunk.fileName}`;
          else (strings[match[1]] ??= []).push(`/${chunk.fileName}`);
        }
        const script = `(function () {
  var detectLanguage = ${detectLanguage.toString()};
  var strings = ${JSON.stringify(strings)};
  var barcodeStrings = ${JSON.stringify(barcodeStrings)};
  var detailCode = ${JSON.stringify(detailScreenCode(context.bundle ?? {}))};
  var restStyles = window.${REST_STYLES_GLOBAL} = ${JSON.stringify(restStylesFile(context.bundle ?? {}))};
  var hint = function (attributes) {
    var link = document.createElement('link');
    for (var name in attributes) link.setAttribute(name, attributes[name]);
    document.head.appendChild(link);
  };
  var page = document.documentElement;
  var drawn = !!page && page.hasAttribute(${JSON.stringify(FIRST_SCREEN_ATTRIBUTE)});
  // A drawn page's strings are those of the language it is drawn in.
  var language = drawn ? page.lang : detectLanguage(navigator.languages || [navigator.language]);
  (strings[language] || []).forEach(function (href) { hint({ rel: 'modulepreload', href: href }); });
  // A form of a drawn page submitted before the app's code runs would reload the page and lose
  // what was typed: held, and submitted again by the app once it has taken the page over.
  if (drawn) document.addEventListener('submit', function (event) {
    if (window.${HYDRATING_GLOBAL}) return;
    event.preventDefault();
    window.${HELD_SUBMIT_GLOBAL} = event.target;
  }, true);
  ${bootRequests(apiBase)}
})();`;
        // After the title, before the app's script and stylesheet (a script after a stylesheet
        // waits for it): the hints go out with the first requests.
        return html.replace('</title>', `</title>\n    <script>${script}</script>`);
      },
    },
  };
}

/** Screens no staff member opens on a phone: the admin area and the configuration playground. */
const NOT_AHEAD_SCREENS = /[\\/]src[\\/](app[\\/]admin|features[\\/](admin[\w-]*|playground))[\\/]/;
/** What the barcode scanner decodes with (its worker and the reader's wasm), so a phone scans offline. */
const DECODER_FILES = /^assets\/(decode\.worker-[\w-]+\.js|zxing_reader-[\w-]+\.wasm)$/;

/**
 * The files the worker stores ahead of need, after the shell, in the background: the code and
 * styles of every screen a staff or client user can open (each lazy screen the entry reaches by
 * dynamic imports, and what those import), less the admin area and the playground, plus the
 * barcode decoder. Not the OCR engine: it is loaded on first use only. See "Stored ahead" in
 * docs/staff/offline.md.
 */
function aheadFiles(bundle: Rollup.OutputBundle, shell: ReadonlySet<string>): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    if (NOT_AHEAD_SCREENS.test(chunk.facadeModuleId ?? '')) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
  for (const fileName of Object.keys(bundle)) if (DECODER_FILES.test(fileName)) files.add(fileName);
  return [...files]
    .filter((file) => !shell.has(file))
    .sort()
    .map((file) => `/${file}`);
}

/**
 * The installable app's files (docs/staff/offline.md): the install icons (drawn by
 * scripts/app-icon.ts) and the service worker, dist/sw.js, compiled from
 * src/shared/pwa/service-worker.ts with what it precaches: index.html, the first screen's code
 * and styles (the entry chunk, what it imports and its CSS), the rest of Mantine's styles, the
 * strings of every language, the icons; and the files it stores ahead of need once installed
 * (aheadFiles). The version is a hash of those names (hashed themselves), so a build that changes any
 * of them installs as a new worker. The rest (the OCR engine, the admin area) is cached on first use, by the worker.
 */
function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    generateBundle() {
      for (const icon of APP_ICONS) {
        this.emitFile({
          type: 'asset',
          fileName: icon.src.slice(1),
          source: appIconPng(icon.size, icon.purpose === 'maskable'),
        });
      }
    },
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = new Set<string>(['index.html', 'favicon.svg', ...APP_ICONS.map((icon) => icon.src.slice(1))]);
      const roots = Object.values(bundle).filter(
        (chunk) =>
          chunk.type === 'chunk' &&
          (chunk.isEntry || /[\\/]locales[\\/][^\\/]+[\\/][\w-]+\.json$/.test(chunk.facadeModuleId ?? '')),
      );
      for (const fileName of staticImports(
        bundle,
        roots.map((chunk) => chunk.fileName),
      )) {
        files.add(fileName);
        for (const css of (bundle[fileName] as Rollup.OutputChunk).viteMetadata?.importedCss ?? []) files.add(css);
      }
      // The rest of Mantine's styles (scripts/mantine-styles.ts), which every screen but the first waits for.
      files.add(restStylesFile(bundle).slice(1));
      const precache = [...files].sort().map((file) => `/${file}`);
      const ahead = aheadFiles(bundle, files);
      // Every file of this build: the worker drops, once it takes over, the kept files of earlier builds.
      const known = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/'))
        .sort()
        .map((file) => `/${file}`);
      const version = createHash('sha256')
        .update([...precache, ...ahead].join('\n'))
        .digest('hex')
        .slice(0, 12);
      const built = esbuild.buildSync({
        entryPoints: [fileURLToPath(new URL('./src/shared/pwa/service-worker.ts', import.meta.url))],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2022',
        write: false,
        define: {
          SW_VERSION: JSON.stringify(version),
          SW_PRECACHE: JSON.stringify(precache),
          SW_AHEAD: JSON.stringify(ahead),
          SW_KNOWN: JSON.stringify(known),
        },
      });
      writeFileSync(join(outDir, 'sw.js'), built.outputFiles[0]!.contents);
      const size = (urls: string[]) => urls.reduce((sum, url) => sum + statSync(join(outDir, url.slice(1))).size, 0);
      // Read by bench/client/offline.ts, which reports what the worker stores.
      writeFileSync(
        join(outDir, 'sw-precache.json'),
        JSON.stringify({ version, files: precache, bytes: size(precache), ahead, aheadBytes: size(ahead) }, null, 2),
      );
    },
  };
}

/**
 * dist/.vite/modules.json: for each chunk, the modules it holds (paths from the project's root) and
 * each one's share of the chunk's code (rendered length, before minifying). tests/build reads it to
 * check which React and which builds ship; bench/measure/bundle-size.ts to say what each package
 * costs in the first load.
 */
function moduleGraph(): Plugin {
  let root = process.cwd();
  return {
    name: 'module-graph',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const named = (id: string) => (isAbsolute(id) ? relative(root, id).split(sep).join('/') : id);
      const graph: Record<string, Record<string, number>> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        graph[chunk.fileName] = Object.fromEntries(
          Object.entries(chunk.modules).map(([id, module]) => [named(id), module.renderedLength]),
        );
      }
      writeFileSync(join(outDir, '.vite', 'modules.json'), JSON.stringify(graph, null, 1));
    },
  };
}

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

/**
 * `vite build --ssr src/app/entry-server.tsx --outDir dist/server` (`npm run build`): the first
 * screen as the reference server draws it (server/plugins/first-screen.ts). An ES module,
 * dist/server/entry-server.mjs, and the lazy screens' chunks beside it, with every package in them
 * (production builds: React DOM's server renderer and React Router's), so it runs with plain `node`
 * from the built folder alone, beside the client it draws for. No styles, assets or service
 * worker: the client build has them.
 */
const ssrConfig = defineConfig({
  plugins: [react(), mantineStyles()],
  resolve: { alias: [...reactRouterProduction, ...plainTextMarkdown, ...pathAliasList] },
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    'import.meta.env.OCR_ASSET_DIR': JSON.stringify(OCR_ASSET_DIR),
  },
  ssr: { noExternal: true, target: 'node' },
  build: {
    target: 'node20',
    sourcemap: false,
    copyPublicDir: false,
    // The lazy screens stay chunks of their own: the server loads only those it draws.
    rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' } },
  },
});

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? ssrConfig
    : {
        plugins: [react(), mantineStyles(), ocrAssets(), bootHints(), serviceWorker(), moduleGraph(), precompress()],
        resolve: {
          // rjsf's markdown as plain text, and in the build React Router's production build (aliases.ts says why).
          alias: [...(command === 'build' ? reactRouterProduction : []), ...plainTextMarkdown, ...pathAliasList],
        },
        // The barcode decoder runs in a module worker (it imports zxing-wasm).
        worker: { format: 'es' },
        build: {
          target: 'es2022',
          sourcemap: false,
          // dist/.vite/manifest.json: the chunk graph the bundle-budget test follows.
          manifest: true,
          // Dependencies of the first screen stay in the entry chunk; everything else splits by route.
          chunkSizeWarningLimit: 400,
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    // The Mantine pieces the first screen draws (login form, loaders, header), which
                    // lazy screens share too: one chunk instead of a dozen tiny ones, each of which
                    // costs a request and its own compression overhead on the first load. Hooks only
                    // lazy screens use (collapse, move, long press, debounce, focus trap / return) stay
                    // out: a group takes every module its test matches, used by the first screen or not.
                    name: 'first-screen-ui',
                    test: /node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/](components[\\/](UnstyledButton|Input|Button|Loader|ActionIcon|Transition|Text|Title|Stack|Center|CloseButton|Image|TextInput|Paper|Group|Box)[\\/]|core[\\/])|hooks[\\/]esm[\\/](?!use-(collapse|move|long-press|debounced-callback|focus-trap|focus-return)[\\/]))/,
                  },
                  {
                    // The small app modules the first screen and the lazy screens share (settings,
                    // stores, device storage, the project logo, the error boundary, the rest of
                    // Mantine's styles' loader, what waits for the first screen): one chunk, not nine,
                    // each with its own import overhead.
                    name: 'first-screen-shared',
                    test: /src[\\/]shared[\\/](config|ui[\\/](store|update-events|project-logo|styles|error-boundary|first-screen|when-idle)|storage[\\/]storage)\.tsx?$/,
                  },
                  {
                    // What the first screen reads its data with (SWR, the API client, the project's
                    // configuration and revision, the route's barcode, the cache primed before the first
                    // render, the app's paths), which lazy screens share too: one chunk instead of eight,
                    // each with its own import overhead.
                    name: 'first-screen-data',
                    test: /node_modules[\\/]swr[\\/]|src[\\/]shared[\\/](paths|api[\\/](index|client|keys|errors|session-events|project-revision|barcode|prime|use-barcode)|project[\\/](use-project|project-route))\.ts$/,
                  },
                ],
              },
            },
          },
        },
        server: {
          port: 5173,
          proxy: { '/api': { target: apiTarget, changeOrigin: false } },
        },
      },
);
