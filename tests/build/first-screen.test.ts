import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_DATA_ID,
  HELD_SUBMIT_GLOBAL,
  HYDRATING_GLOBAL,
  type FirstScreenData,
} from '../../schemas/first-screen';
import { LANGUAGES, type Language } from '../../schemas/languages';
import { openPglite } from '../../server/db/database';
import { defaultServerConfig } from '../../server/config';
import { prepareServer } from '../../server/start';
import { installStaticClient } from '../../server/plugins/static-client';
import type { FirstScreenEntry } from '../../server/plugins/first-screen';
import type { ServerContext } from '../../server/context';
import { activation } from '../server/barcode-fixtures';
import { Client, loginProjectOf, PROJECTS_DIR, VISITOR } from '../server/harness';
import type { FastifyInstance } from 'fastify';

/**
 * The first screen the reference server draws with the built client's server entry
 * (dist/server/, `npm run build`): each project's login in each language, a scanned link's detail
 * page, the 404 page, who gets it and who does not, and that nothing a request or the database
 * carries gets into the page as markup. server/plugins/first-screen.ts; the client's side is
 * e2e/first-screen.spec.ts.
 */
// Absolute: the static files plugin refuses a relative root.
const DIST = resolve(process.env.DIST_DIR ?? 'dist');

const strings = (language: Language, namespace: string) =>
  JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8')) as Record<string, Record<string, string>>;

/** Text as React writes it into markup. */
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const dataOf = (html: string): FirstScreenData =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">(.*?)</script>`).exec(html)?.[1] ?? '',
  ) as FirstScreenData;

const rootOf = (html: string) =>
  /<div id="root" data-first-screen>([\s\S]*?)<\/div>\n {4}<script/.exec(html)?.[1] ?? '';

const plainIndex = readFileSync(join(DIST, 'index.html'), 'utf8');

let app: FastifyInstance;
let ctx: ServerContext;
let staff: Client;
let barcodeId: string;

beforeAll(async () => {
  const prepared = await prepareServer(
    await openPglite(),
    {
      authSecret: 'test-secret',
      config: defaultServerConfig({ exposeOutbox: true }),
      distDir: DIST,
      trustProxy: false,
      projectsDir: PROJECTS_DIR,
    },
    { log: () => undefined },
  );
  app = prepared.app;
  ctx = prepared.ctx;
  await app.ready();
  staff = new Client(app, '10.9.0.1');
  const login = { projectId: loginProjectOf('11112222'), accessCode: '11112222', visitorId: VISITOR };
  expect((await staff.post('/api/user/authorize', login)).statusCode).toBe(200);
  barcodeId = (await staff.post('/api/barcode/barcode', { projectCode: 'demo', projectVersion: 1 })).json().data.id;
  expect((await staff.post('/api/barcode/activation', activation(barcodeId))).statusCode).toBe(200);
  // A migrated and seeded database, as the server tests have (their project's hook timeout).
}, 60_000);

afterAll(async () => {
  await app.close();
});

const page = (url: string, language = 'en', cookie?: string) =>
  app.inject({ url, headers: { 'accept-language': language, ...(cookie ? { cookie } : {}) } });

/** GET /api/... as a visitor, as the client asks it: its data. */
const apiAnswer = async (url: string) => (await app.inject({ url })).json().data as unknown;

describe("each project's login, drawn for a visitor", () => {
  const projects = [
    ['demo', 'Cold-chain vaccine shipments'],
    ['secure', 'Controlled substances'],
    ['harbour', 'Returnable crates'],
  ] as const;
  for (const [code, name] of projects) {
    it.each(LANGUAGES)(`${code}@1 in %s`, async (language) => {
      const res = await page(`/${code}@1`, `${language},en;q=0.1`);
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toContain('Accept-Language, Cookie');
      const common = strings(language, 'common');
      expect(res.body).toContain(`<html lang="${language}" data-first-screen`);
      const root = rootOf(res.body);
      expect(root).toContain(escaped(common.login!.title!));
      expect(root).toContain(`aria-label="${escaped(common.login!.accessCodeFirst!)}"`);
      expect(root).toContain(`aria-label="${escaped(common.login!.accessCodeLast!)}"`);
      expect(root).toContain(`>${escaped(common.login!.authenticate!)}<`);
      // The project's logo, or its name where it has none.
      expect(root).toMatch(code === 'demo' ? /<img [^>]*src="\/api\/barcode\/project-logo\// : new RegExp(`>${name}<`));
      const data = dataOf(res.body);
      expect(data.language).toBe(language);
      expect(data.location).toBe(`/${code}@1`);
      expect(data.namespaces).toEqual(['common', 'errors']);
      // The project as the API answers a visitor, under the client's SWR key, and no profile.
      expect(data.answers).toEqual({
        [`@"project","${code}",1,`]: await apiAnswer(`/api/barcode/project?code=${code}&version=1`),
        profile: null,
      });
      // The same code and styles as the plain page.
      for (const asset of plainIndex.match(/\/assets\/[\w.-]+\.(js|css)/g) ?? []) expect(res.body).toContain(asset);
    });
  }

  it("draws the secure project's password and one-time code fields, the password with the rest of the styles", async () => {
    const res = await page('/secure@1');
    const root = rootOf(res.body);
    expect(root).toMatch(/<input[^>]*type="password"/);
    expect(root).toContain('autoComplete="one-time-code"');
    expect(res.body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/rest-styles-[\w-]+\.css">/);
    expect((await page('/demo@1')).body).not.toMatch(/<link rel="stylesheet"[^>]*rest-styles-/);
  });

  it('draws a project named by code alone (its latest version) under that address', async () => {
    const res = await page('/demo');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(dataOf(res.body).answers)).toContain('@"project","demo","latest",');
  });
});

describe("a scanned link's detail page, drawn for a visitor", () => {
  it("holds the barcode's label, state and public data, in the visitor's language", async () => {
    const res = await page(`/demo@1/qrcode/${barcodeId}`, 'ja');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('data-testid="barcode-label"');
    expect(root).toContain(`<span data-testid="barcode-id">${barcodeId}</span>`);
    expect(root).toContain(escaped(strings('ja', 'barcode').state!.activated!));
    expect(root).toContain('data-testid="activation-data"');
    expect(root).toContain(escaped(strings('ja', 'barcode').detail!.loginForMore!));
    // Its badge is styled by the rest of Mantine's styles: linked, so it is drawn styled.
    expect(res.body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/rest-styles-[\w-]+\.css">/);
    const data = dataOf(res.body);
    expect(data.namespaces).toEqual(['common', 'errors', 'barcode']);
    expect(data.answers).toEqual({
      [`@"barcode","${barcodeId}","record","demo",`]: await apiAnswer(`/api/barcode/barcode?id=${barcodeId}`),
      '@"project","demo",1,': await apiAnswer('/api/barcode/project?code=demo&version=1'),
      profile: null,
    });
  });

  it("draws a restricted screen's link as the login it sends a visitor to, to resume it after", async () => {
    const res = await page(`/demo/qrcode/${barcodeId}/track`);
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain('id="login-title"');
    const data = dataOf(res.body);
    expect(data.location).toBe(`/demo@1?name=track&id=${barcodeId}`);
    // Under the key of the login's address (demo@1), and the barcode for the screen resumed after.
    expect(Object.keys(data.answers).sort()).toEqual(
      ['@"project","demo",1,', `@"barcode","${barcodeId}","record","demo",`, 'profile'].sort(),
    );
  });
});

describe('the 404 page, with status 404', () => {
  it('for an unknown project', async () => {
    const res = await page('/nosuch@1', 'zh-CN');
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain(escaped(strings('zh-CN', 'common').notFound!.title!));
    expect(dataOf(res.body).answers['@"project","nosuch",1,']).toBeNull();
  });

  it('for an unknown barcode, inside its project', async () => {
    const res = await page('/demo@1/qrcode/NoSuchBarcode1');
    expect(res.statusCode).toBe(404);
    const root = rootOf(res.body);
    expect(root).toContain(escaped(strings('en', 'common').notFound!.title!));
    expect(root).toContain('<header');
    expect(dataOf(res.body).answers['@"barcode","NoSuchBarcode1","record","demo",']).toBeNull();
  });
});

describe('a visitor and a user are never mixed', () => {
  it("a request with the user's cookies gets the plain page; the visitor's holds nothing of the user", async () => {
    const cookie = ['sb_session', 'sb_access', 'sb_refresh']
      .map((name) => `${name}=${staff.cookie(name) ?? ''}`)
      .join('; ');
    const asUser = await page('/demo@1', 'en', cookie);
    expect(asUser.statusCode).toBe(200);
    expect(asUser.body).toBe(plainIndex);
    const detailAsUser = await page(`/demo@1/qrcode/${barcodeId}`, 'en', cookie);
    expect(detailAsUser.body).toBe(plainIndex);

    const asVisitor = await page('/demo@1');
    expect(asVisitor.body).not.toContain('Hana Sato');
    const userProject = (await staff.get('/api/barcode/project?code=demo&version=1')).json().data as {
      projectPermission: unknown;
    };
    const drawnProject = dataOf(asVisitor.body).answers['@"project","demo",1,'] as { projectPermission: unknown };
    expect(drawnProject.projectPermission).not.toEqual(userProject.projectPermission);
    const detail = dataOf((await page(`/demo@1/qrcode/${barcodeId}`)).body);
    expect(detail.answers[`@"barcode","${barcodeId}","record","demo",`]).not.toHaveProperty('latestTrackingSeq');
  });
});

describe('nothing a request or the database carries becomes markup', () => {
  const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>\u2028<!--';

  it("a project's name", async () => {
    await ctx.db.query("update projects set name = $1 where code = 'harbour'", [hostile]);
    const res = await page('/harbour@1');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    // In the page's text the line separator is a character like any other; in the script it is escaped.
    expect(new RegExp(`id="${FIRST_SCREEN_DATA_ID}">[^<]*\u2028`).test(res.body)).toBe(false);
    expect(rootOf(res.body)).toContain(escaped(hostile));
    expect((dataOf(res.body).answers['@"project","harbour",1,'] as { name: string }).name).toBe(hostile);
  });

  it("a barcode's public data", async () => {
    await ctx.db.query('update barcodes set external_id = $1 where id = $2', [hostile, barcodeId]);
    const res = await page(`/demo@1/qrcode/${barcodeId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    expect(rootOf(res.body)).toContain(escaped(hostile));
    const barcode = dataOf(res.body).answers[`@"barcode","${barcodeId}","record","demo",`] as { externalId: string };
    expect(barcode.externalId).toBe(hostile);
  });

  it('the address: a query is drawn as text, a malformed link gets the plain page', async () => {
    const query = '?name=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&id=%22%3E%3Cimg';
    const res = await page(`/demo@1${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('"><img');
    expect(dataOf(res.body).location).toBe(`/demo@1${query}`);
    for (const malformed of ['/demo@1@2', '/demo@0', '/-@1/qrcode/x/track/more', '/demo@1/qrcode/']) {
      const plain = await page(malformed);
      expect(plain.statusCode, malformed).toBe(200);
      expect(plain.body, malformed).toBe(plainIndex);
    }
  });
});

describe('never a wait', () => {
  it('drawing slower than the bound sends the plain page', async () => {
    const built = (await import(pathToFileURL(join(DIST, 'server', 'entry-server.mjs')).href)) as FirstScreenEntry;
    const slow: FirstScreenEntry = {
      ...built,
      drawFirstScreen: async (...args) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return built.drawFirstScreen(...args);
      },
    };
    const bounded = Fastify();
    await bounded.register(fastifyCookie);
    await installStaticClient(bounded, DIST, ctx, { entry: slow });
    const res = await bounded.inject({ url: `/demo@1/qrcode/${barcodeId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(plainIndex);
    await bounded.close();
  });
});

describe('the server entry', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  it("carries React DOM's production server renderer, no development build", () => {
    const code = files(join(DIST, 'server'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(code).toContain('prerender');
    for (const development of ['Each child in a list should have a unique', 'No routes matched location'])
      expect(code).not.toContain(development);
  });
});

describe("index.html's inline script on a drawn page", () => {
  const script = /<script>([\s\S]*?)<\/script>/.exec(plainIndex)?.[1] ?? '';

  function run(drawn: boolean, languages: string[], lang = 'ja') {
    const fetched: string[] = [];
    const links: Record<string, string>[] = [];
    const listeners: Record<string, (event: unknown) => void> = {};
    const window: Record<string, unknown> = {};
    runInNewContext(script, {
      document: {
        cookie: '',
        documentElement: { lang, hasAttribute: (name: string) => drawn && name === 'data-first-screen' },
        head: { appendChild: (link: { attributes: Record<string, string> }) => links.push(link.attributes) },
        createElement: () => {
          const attributes: Record<string, string> = {};
          return { attributes, setAttribute: (name: string, value: string) => (attributes[name] = value) };
        },
        addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
      },
      navigator: { languages, language: languages[0] },
      location: { pathname: '/demo@1/qrcode/AbCdEf123456' },
      window,
      fetch: (url: string) => {
        fetched.push(url);
        return Promise.resolve({ ok: true });
      },
      Date,
      encodeURIComponent,
      decodeURIComponent,
      URLSearchParams,
      String,
    });
    return { fetched, links, listeners, window };
  }

  it('asks the API for nothing the page holds, and preloads the strings of the language it is drawn in', () => {
    const { fetched, links } = run(true, ['en-US']);
    expect(fetched).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const preloads = links.filter((l) => l.rel === 'modulepreload').map((l) => l.href);
    expect(preloads).toContain(`/${manifest['locales/ja/common.json']?.file}`);
    expect(preloads).not.toContain(`/${manifest['locales/en/common.json']?.file}`);
  });

  it('holds a submit made before the app takes the page over, and lets it through after', () => {
    const { listeners, window } = run(true, ['ja']);
    let prevented = 0;
    const form = { tagName: 'FORM' };
    listeners.submit!({ target: form, preventDefault: () => (prevented += 1) });
    expect(prevented).toBe(1);
    expect(window[HELD_SUBMIT_GLOBAL]).toBe(form);
    window[HYDRATING_GLOBAL] = true;
    listeners.submit!({ target: form, preventDefault: () => (prevented += 1) });
    expect(prevented).toBe(1);
  });

  it('on the plain page asks as before and holds nothing', () => {
    const { fetched, listeners } = run(false, ['en-US']);
    expect(fetched).toEqual(['/api/barcode/project?code=demo&version=1', '/api/barcode/barcode?id=AbCdEf123456']);
    expect(listeners.submit).toBeUndefined();
  });
});
