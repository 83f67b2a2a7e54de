import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { BarcodeResponse, type Barcode } from '../../schemas/api/barcode';
import { ProjectResponse, type Project } from '../../schemas/api/project';
import { ErrorCode } from '../../schemas/error-codes';
import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_DATA_ID, type FirstScreenData } from '../../schemas/first-screen';
import { detectLanguage, type Language } from '../../schemas/languages';
import { compareVersions } from '../../schemas/validation';
import type { ServerContext } from '../context';
import { ApiFailure } from '../rules/api-failure';
import { getBarcode } from '../services/barcodes';
import { projectFor } from '../services/projects';
import { ADMIN_COOKIE } from './admin-auth';
import { COOKIES } from './auth';

/**
 * The first screen a visitor's phone asks for, drawn here as HTML by the client's own code
 * (src/app/entry-server.tsx, built into `<dist>/server/`), so the phone shows it before the app's
 * JavaScript has arrived; the client then hydrates it. docs/engineers/architecture.md, "The first
 * screen", says what is drawn and why; docs/engineers/decisions.md, how.
 *
 * Never a wait, never a broken page: without the server entry, for a request with a session, an
 * address the server does not draw, or data and drawing slower than FIRST_SCREEN_TIMEOUT_MS or
 * failing, the page is the plain index.html the client draws itself, as on any other server.
 */

/** How long reading the answers and drawing the screen may take together before the plain page is sent instead. */
export const FIRST_SCREEN_TIMEOUT_MS = 300;

/** Where the server entry sits in the built client's folder (vite.config.ts, the SSR build). */
export const FIRST_SCREEN_ENTRY = join('server', 'entry-server.mjs');

/** What the server entry exports (src/app/entry-server.tsx). */
export interface FirstScreenEntry {
  CLIENT_VERSION: string;
  /** Loads what the first drawn pages would otherwise wait for. */
  warmUp?(): Promise<void>;
  firstScreenNeeds(pathname: string): { project: { code: string; version?: number }; barcodeId?: string } | null;
  drawFirstScreen(
    url: string,
    language: Language,
    answers: { project: Project | null; barcode?: Barcode | null },
    signal?: AbortSignal,
  ): Promise<{ html: string; head: string; status: 200 | 404; data: FirstScreenData } | null>;
}

/** A drawn page, as sent. */
export interface DrawnPage {
  status: 200 | 404;
  html: string;
  /** A weak validator of the page (its bytes' hash): the answer to a request that already holds it is 304. */
  etag: string;
}

/** Cookies that say a session may exist: such a request gets the plain page, whose client draws the user's screen. */
const SESSION_COOKIES = [COOKIES.sessionHint, COOKIES.access, COOKIES.refresh, ADMIN_COOKIE];

/**
 * The interface language for an Accept-Language header: its languages by preference (q), read by
 * the client's own rule (detectLanguage), as the client reads the browser's list.
 */
export function languageOf(header: string | undefined): Language {
  const tags = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ tag }) => tag);
  return detectLanguage(tags);
}

/**
 * The JSON of the data, safe inside a `<script>` element: no `<` (so no `</script>` or `<!--`),
 * `>` or `&`, and U+2028 / U+2029 escaped as well.
 */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Mantine's class names (`m_` and a hash) a stylesheet styles. */
const mantineClasses = (css: string): Set<string> => new Set(css.match(/\bm_[0-9a-f]{8}\b/g) ?? []);

/**
 * index.html split where the drawn screen goes, and the rest of Mantine's styles: a screen that
 * draws a component only they style (the detail page's badge, the password field) links them,
 * so it is drawn styled at once (scripts/mantine-styles.ts).
 */
interface PageTemplate {
  /** Up to `<html`, its attributes, and up to the root element's start tag. */
  head: (language: Language, extraHead: string) => string;
  /** After the root element's content. */
  tail: string;
  restStylesHref: string;
  restOnlyClasses: Set<string>;
}

function pageTemplate(distDir: string): PageTemplate {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const htmlTag = '<html lang="en">';
  const rootTag = '<div id="root">';
  const rootAt = html.indexOf(rootTag);
  // The root element is one line: the boot mark inside it ends with it.
  const rootEnd = html.indexOf('\n', rootAt);
  if (!html.includes(htmlTag) || rootAt < 0 || rootEnd < 0 || !html.slice(rootAt, rootEnd).endsWith('</div>'))
    throw new Error('index.html has no <html lang="en"> or no one-line <div id="root">');
  const css = (pattern: RegExp) => {
    const file = readdirSync(join(distDir, 'assets')).find((name) => pattern.test(name));
    if (!file) throw new Error(`no stylesheet ${pattern} in ${distDir}/assets`);
    return { href: `/assets/${file}`, text: readFileSync(join(distDir, 'assets', file), 'utf8') };
  };
  const firstHref = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  if (!firstHref) throw new Error('index.html links no stylesheet');
  const first = mantineClasses(readFileSync(join(distDir, firstHref.slice(1)), 'utf8'));
  const rest = css(/^rest-styles-[\w-]+\.css$/);
  const app = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\n?\s*/.exec(html);
  if (!app?.[1]) throw new Error("index.html has no module script of the app's own");
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\n?\s*/g)];
  // The drawn screen needs none of the app's code to show: the code is asked for once the screen
  // is painted, not beside what paints it (on a slow network it would share the bandwidth the
  // stylesheet and the logo need; with the code cached, the app would run before the page shows).
  const before = preloads.reduce(
    (page, preload) => page.replace(preload[0], ''),
    html.slice(0, rootAt).replace(app[0], ''),
  );
  const code = [app[1], ...preloads.map((preload) => preload[1])];
  const runAfterPaint = `<script>requestAnimationFrame(function () { setTimeout(function () { ${JSON.stringify(code)}.forEach(function (href, i) { var tag = document.createElement(i ? 'link' : 'script'); if (i) { tag.rel = 'modulepreload'; tag.href = href; } else { tag.type = 'module'; tag.src = href; } tag.crossOrigin = ''; document.head.appendChild(tag); }); }, 0); });</script>`;
  return {
    head: (language, extraHead) =>
      before
        .replace(htmlTag, `<html lang="${language}" ${FIRST_SCREEN_ATTRIBUTE} data-mantine-color-scheme="light">`)
        .replace('</head>', `${extraHead}</head>`) + `<div id="root" ${FIRST_SCREEN_ATTRIBUTE}>`,
    tail: `\n    ${runAfterPaint}${html.slice(rootEnd)}`,
    restStylesHref: rest.href,
    restOnlyClasses: new Set([...mantineClasses(rest.text)].filter((name) => !first.has(name))),
  };
}

/** A project's or barcode's answer as a visitor reads it, null for one that does not exist (the 404 page). */
async function orMissing<T>(read: Promise<T>, missing: number): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiFailure && error.errors.$common?.[0] === missing) return null;
    throw error;
  }
}

/**
 * A service's answer as its GET route sends it: written by the route's response schema, which
 * leaves out what the API does not send (a project's products and unsanitised custom page), so the
 * page holds exactly what the client would have asked for.
 */
function asSent<T>(reply: FastifyReply, data: T | null, schema: TSchema): T | null {
  if (data === null) return null;
  return (JSON.parse(reply.serializeInput({ data }, schema as unknown as Record<string, unknown>)) as { data: T }).data;
}

function timeout(ms: number, controller: AbortController): { done: Promise<never>; clear(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`first screen not drawn within ${ms} ms`));
    }, ms);
  });
  done.catch(() => undefined);
  return { done, clear: () => clearTimeout(timer) };
}

export interface FirstScreen {
  /** The drawn page for this request, or null for the plain index.html. */
  pageFor(request: FastifyRequest, reply: FastifyReply): Promise<DrawnPage | null>;
}

export interface FirstScreenOptions {
  /** The bound on reading and drawing (tests shorten it). */
  timeoutMs?: number;
  /** The server entry, when not the one in `<distDir>/server/` (tests hand in a slow or failing one). */
  entry?: FirstScreenEntry;
}

/**
 * Loads the server entry of the client in `distDir`; null (the plain page for every address)
 * when it was not built, or when the server announces a newer client than the one it serves:
 * the client then asks the API itself, whose answers say so and offer the update.
 */
export async function loadFirstScreen(
  ctx: ServerContext,
  distDir: string,
  options: FirstScreenOptions = {},
): Promise<FirstScreen | null> {
  const path = join(distDir, FIRST_SCREEN_ENTRY);
  if (!options.entry && !existsSync(path)) return null;
  const entry = options.entry ?? ((await import(pathToFileURL(path).href)) as FirstScreenEntry);
  if (compareVersions(ctx.config.latestClientVersion, entry.CLIENT_VERSION) > 0) return null;
  const template = pageTemplate(distDir);
  await entry.warmUp?.();
  const timeoutMs = options.timeoutMs ?? FIRST_SCREEN_TIMEOUT_MS;

  async function draw(url: string, language: Language, reply: FastifyReply, signal: AbortSignal) {
    const needs = entry.firstScreenNeeds(new URL(url, 'http://page').pathname);
    if (!needs) return null;
    const project = asSent(
      reply,
      await orMissing(projectFor(ctx, needs.project, null), ErrorCode.projectNotFound),
      ProjectResponse,
    );
    const barcode =
      project && needs.barcodeId !== undefined
        ? asSent(
            reply,
            await orMissing(getBarcode(ctx, null, { id: needs.barcodeId }), ErrorCode.barcodeNotFound),
            BarcodeResponse,
          )
        : undefined;
    if (signal.aborted) return null;
    return entry.drawFirstScreen(url, language, { project, barcode }, signal);
  }

  return {
    async pageFor(request, reply) {
      if (request.method !== 'GET') return null;
      const cookies = request.cookies ?? {};
      if (SESSION_COOKIES.some((name) => cookies[name] !== undefined)) return null;
      const language = languageOf(request.headers['accept-language']);
      const controller = new AbortController();
      const bound = timeout(timeoutMs, controller);
      let drawn: Awaited<ReturnType<typeof draw>>;
      try {
        drawn = await Promise.race([draw(request.url, language, reply, controller.signal), bound.done]);
      } catch (error) {
        request.log.warn({ err: error }, 'first screen not drawn; the plain page is sent');
        return null;
      } finally {
        bound.clear();
      }
      if (!drawn) return null;
      const restStyles = [...(drawn.html.match(/\bm_[0-9a-f]{8}\b/g) ?? [])].some((name) =>
        template.restOnlyClasses.has(name),
      );
      const extraHead =
        (drawn.head ? `  ${drawn.head}\n  ` : '') +
        (restStyles ? `  <link rel="stylesheet" crossorigin href="${template.restStylesHref}">\n  ` : '');
      const html =
        template.head(language, extraHead) +
        drawn.html +
        `</div>\n    <script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${scriptJson(drawn.data)}</script>` +
        template.tail;
      const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
      return { status: drawn.status, html, etag };
    },
  };
}
