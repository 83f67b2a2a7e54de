/**
 * The first screen as the reference server draws it for a visitor (server/plugins/first-screen.ts;
 * docs/engineers/architecture.md, "The first screen"): the app itself, rendered to HTML by React at
 * a fixed address, from the answers the server read in-process, in the visitor's language. The
 * client hydrates that markup (main.tsx) from the same answers, handed over with the page, so its
 * first render is the same markup. Built by `vite build --ssr` into dist/server/.
 *
 * Drawn: a project's login form (its home, for a visitor), a scanned link's detail page, the login
 * a restricted screen's link sends a visitor to first, and the 404 page of an unknown project or
 * barcode. Everything else is left to the client (null).
 */
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createInstance, type Resource } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createRoutesFromChildren, matchRoutes, StaticRouter } from 'react-router-dom';
import type { Cache } from 'swr';
import { serialize } from 'swr/_internal';
import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { FirstScreenData } from '@schemas/first-screen';
import type { Language } from '@schemas/languages';
import { paths } from '@/shared/paths';
import { projectKey, projectRefOf } from '@/shared/project/use-project';
import type { ProjectRef } from '@/shared/project/project-route';
import { barcodeKey } from '@/shared/api/use-barcode';
import { PROFILE_KEY } from '@/shared/session/use-profile';
import { App } from './app';
import { appRoutes } from './router';
import { HomeRoute } from './routes/home';
import { RequireUser } from './routes/require-user';

export { CLIENT_VERSION } from '@schemas/validation';

/** Every language's strings the first screens use (the lazy namespaces are never drawn by the server). */
const STRINGS = import.meta.glob<Record<string, unknown>>('../../locales/*/{common,errors,barcode}.json', {
  eager: true,
  import: 'default',
});

const routes = createRoutesFromChildren(appRoutes);

type Screen =
  | { kind: 'login' }
  | { kind: 'detail'; barcodeId: string }
  /** A restricted screen: a visitor is sent home to log in first (RequireUser), with the screen to resume. */
  | { kind: 'restricted'; screen: string; barcodeId?: string };

function screenAt(pathname: string): Screen | null {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.at(-1);
  if (!matches || !leaf) return null;
  const at = paths.barcode.match(pathname);
  const required = matches.find((m) => (m.route.element as { type?: unknown } | undefined)?.type === RequireUser);
  if (required) {
    const { screen } = (required.route.element as { props: { screen: { path: string } } }).props;
    if (matches.some((m) => m.route.path === paths.barcode.path))
      return at && !at.barcodeId.includes('=')
        ? { kind: 'restricted', screen: screen.path, barcodeId: at.barcodeId }
        : null;
    return { kind: 'restricted', screen: screen.path };
  }
  if ((leaf.route.element as { type?: unknown } | undefined)?.type === HomeRoute) return { kind: 'login' };
  // The barcode's own page (the index under the barcode's route); a lookup by external id is left to the client.
  const parent = matches.at(-2);
  if (leaf.route.index && parent?.route.path === paths.barcode.path && at && !at.barcodeId.includes('='))
    return { kind: 'detail', barcodeId: at.barcodeId };
  return null;
}

/** What the server reads before drawing the screen at an address. */
export interface FirstScreenNeeds {
  /** The project the address names, as the client asks for it (GET /barcode/project). */
  project: ProjectRef;
  /** The barcode it names by id (GET /barcode/barcode), on a scanned link's pages. */
  barcodeId?: string;
}

/** What the screen at `pathname` reads, or null when the server does not draw it (the client does). */
export function firstScreenNeeds(pathname: string): FirstScreenNeeds | null {
  const project = projectRefOf(pathname);
  const screen = project && screenAt(pathname);
  if (!project || !screen) return null;
  return screen.kind === 'login' || !screen.barcodeId ? { project } : { project, barcodeId: screen.barcodeId };
}

/** The answers read for FirstScreenNeeds, as a visitor: null for a project or barcode that does not exist. */
export interface FirstScreenAnswers {
  project: Project | null;
  barcode?: Barcode | null;
}

export interface DrawnFirstScreen {
  /** The markup of the page's root element. */
  html: string;
  /** What React hoists out of that markup for the page's head: preloads of the images it draws (the project's logo). */
  head: string;
  /** 404 for the 404 page (an unknown project or barcode). */
  status: 200 | 404;
  data: FirstScreenData;
}

/** A cache holding what the client's primes put in its own (src/shared/api/prime.ts): each answer loaded, none loading. */
function cacheOf(answers: Record<string, unknown>): () => Cache {
  return () =>
    new Map(
      Object.entries(answers).map(([key, data]) => [
        key,
        { data, error: undefined, isValidating: false, isLoading: false },
      ]),
    ) as Cache;
}

async function stringsOf(language: Language, namespaces: string[]) {
  const resources: Resource = { [language]: {} };
  for (const namespace of namespaces) {
    const strings = STRINGS[`../../locales/${language}/${namespace}.json`];
    if (!strings) throw new Error(`no ${namespace} strings for ${language}`);
    resources[language]![namespace] = strings;
  }
  // One instance per request: requests in other languages are drawn side by side.
  const i18n = createInstance();
  // The same options as the client's (src/shared/i18n/i18n.ts), its strings given, not loaded.
  await i18n.init({
    lng: language,
    resources,
    fallbackLng: false,
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
    initAsync: false,
  });
  return i18n;
}

/**
 * Loads the code of the screens drawn lazily (the detail page and the parts it may show, the
 * password field) and draws a page once, so that the first visitor after a start is not the one
 * who waits for it (server/plugins/first-screen.ts calls it as it loads this entry).
 */
export async function warmUp(): Promise<void> {
  await Promise.all([
    import('@/features/barcode-detail/components/detail-page'),
    import('@/features/pairing/screens'),
    import('@/features/bulk/screens'),
    import('@/features/auth/components/password-input'),
  ]);
  await drawFirstScreen('/warm-up', 'en', { project: null });
}

/**
 * Draws the screen at `url` (path and query) from `answers` in `language`; null when the server
 * leaves it to the client: an address it does not draw, or a barcode whose own address is another
 * (the client's router moves there). Rejects when rendering fails or `signal` aborts it.
 */
export async function drawFirstScreen(
  url: string,
  language: Language,
  answers: FirstScreenAnswers,
  signal?: AbortSignal,
): Promise<DrawnFirstScreen | null> {
  const { pathname, search } = new URL(url, 'http://first-screen');
  const screen = screenAt(pathname);
  const ref = projectRefOf(pathname);
  if (!screen || !ref) return null;
  const { project, barcode } = answers;
  let location = pathname + search;
  let status: 200 | 404 = 200;
  const cached: Record<string, unknown> = {};
  let namespaces = ['common', 'errors'];
  if (!project) {
    status = 404;
  } else if (screen.kind !== 'login' && screen.barcodeId !== undefined) {
    const { barcodeId } = screen;
    cached[serialize(barcodeKey(project.code, barcodeId))[0]] = barcode ?? null;
    if (!barcode) status = 404;
    else if (
      barcode.projectCode !== project.code ||
      barcode.projectVersion !== project.version ||
      barcode.id !== barcodeId
    )
      return null;
    else if (screen.kind === 'restricted') location = paths.home.getHref(project, { screen: screen.screen, barcodeId });
    else namespaces = ['common', 'errors', 'barcode'];
  } else if (screen.kind === 'restricted') {
    location = paths.home.getHref(project);
  }
  // The project under the key of the address drawn (a restricted screen's link may name no version; its login does).
  const drawnRef = projectRefOf(new URL(location, 'http://first-screen').pathname) ?? ref;
  cached[serialize(projectKey(drawnRef))[0]] = project;
  cached[PROFILE_KEY] = null;

  const i18n = await stringsOf(language, namespaces);
  const at = location;
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={at}>{children}</StaticRouter>;
  const failures: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App Router={Router} cache={cacheOf(cached)} />
      </I18nextProvider>
    </StrictMode>,
    // Every boundary inline, as drawn: none sent as a placeholder that a script fills in later.
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void failures.push(error) },
  );
  const drawn = await new Response(prelude).text();
  // React puts them first: they are the head's, not the root's (the client draws no such element there).
  const head = /^(?:<link [^>]*>)*/.exec(drawn)?.[0] ?? '';
  // A part that failed would be drawn by the client in place of the server's: not this page.
  if (failures.length > 0) throw failures[0] instanceof Error ? failures[0] : new Error(String(failures[0]));
  if (signal?.aborted) throw new Error('first screen aborted');
  return { html: drawn.slice(head.length), head, status, data: { language, location, answers: cached, namespaces } };
}
