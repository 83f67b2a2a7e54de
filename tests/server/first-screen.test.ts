import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID, type FirstScreenData } from '../../schemas/first-screen';
import { CLIENT_VERSION } from '../../schemas/validation';
import { installStaticClient } from '../../server/plugins/static-client';
import { languageOf, scriptJson, type FirstScreenEntry } from '../../server/plugins/first-screen';
import { startTestServer, type TestServer } from './harness';

/**
 * The reference server's drawn first screen (server/plugins/first-screen.ts) around a stand-in
 * for the client's server entry: what the server decides itself (who gets a drawn page, the
 * language, the headers, the bound on time, the escaping of the data). tests/build/first-screen.test.ts
 * runs the built entry itself.
 */

describe('languageOf: the interface language for Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ja', 'ja'],
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['en;q=0.5, zh-TW', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-HK;q=0.1, zh-CN;q=0.9', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['fr-FR, de;q=0.9, ja;q=0.1', 'ja'],
    ['ja;q=0, en', 'en'],
    ['*, ja;q=0.5', 'ja'],
    ['de, fr', 'en'],
    // A weight that does not read as a number counts as none given.
    ['ja;q=abc', 'ja'],
  ])('%j is %s', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });
});

describe('scriptJson: the data inside a <script> element', () => {
  const hostile = {
    name: '</script><script>alert(1)</script><!-- & -->',
    lines: 'a\u2028b\u2029c',
    nested: [{ tag: '<SCRIPT>' }],
  };
  it('holds no character that could end or change the element', () => {
    const text = scriptJson(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  });
  it('reads back as the same data', () => {
    expect(JSON.parse(scriptJson(hostile))).toEqual(hostile);
  });
});

/** A built client's folder, as small as the server needs: index.html and its two stylesheets. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'first-screen-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <title>Smart barcode</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-a1.css">
  </head>
  <body>
    <div id="root"><div class="boot"></div></div>
    <noscript>This app needs JavaScript.</noscript>
  </body>
</html>
`,
  );
  writeFileSync(join(dir, 'assets', 'index-a1.css'), '.m_11111111{color:red}');
  writeFileSync(join(dir, 'assets', 'rest-styles-b2.css'), '.m_11111111{color:red}.m_22222222{color:blue}');
  return dir;
}

type Draw = FirstScreenEntry['drawFirstScreen'];

/** A stand-in entry drawing `/{code}` pages, as `draw` says. */
const entry = (draw: Draw): FirstScreenEntry => ({
  CLIENT_VERSION,
  firstScreenNeeds: (pathname) =>
    /^\/[a-z]+(@\d+)?$/.test(pathname) ? { project: { code: pathname.slice(1).split('@')[0]! } } : null,
  drawFirstScreen: draw,
});

const drawn: Draw = async (url, language, answers) => ({
  html: `<main class="m_11111111">${answers.project?.name ?? 'missing'}</main>`,
  head: '<link rel="preload" as="image" href="/logo"/>',
  status: answers.project ? 200 : 404,
  data: { language, location: url, answers: { project: answers.project?.name ?? null }, namespaces: ['common'] },
});

let server: TestServer;
let dist: string;
beforeAll(async () => {
  server = await startTestServer();
  dist = fakeDist();
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

async function pages(draw: Draw, timeoutMs?: number): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyCookie);
  await installStaticClient(app, dist, server.ctx, { entry: entry(draw), timeoutMs });
  return app;
}

const dataOf = (html: string): FirstScreenData =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">(.*?)</script>`).exec(html)?.[1] ?? '',
  ) as FirstScreenData;

describe('a page the server draws', () => {
  it('is the plain index.html with the drawn screen in its root, marked, in the visitor language', async () => {
    const app = await pages(drawn);
    const res = await app.inject({ url: '/demo', headers: { 'accept-language': 'zh-TW,en;q=0.5' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="zh-TW" data-first-screen data-mantine-color-scheme="light">');
    expect(res.body).toContain(
      '<div id="root" data-first-screen><main class="m_11111111">Cold-chain vaccine shipments</main></div>',
    );
    expect(res.body).toContain('<link rel="preload" as="image" href="/logo"/>');
    expect(res.body).toContain('<noscript>This app needs JavaScript.</noscript>');
    // Only what index.html's own stylesheet styles: the rest of the styles are not linked.
    expect(res.body).not.toContain('rest-styles');
    expect(dataOf(res.body)).toEqual({
      language: 'zh-TW',
      location: '/demo',
      answers: { project: 'Cold-chain vaccine shipments' },
      namespaces: ['common'],
    });
    await app.close();
  });

  it("asks for the app's code once the screen is painted, not beside what paints it", async () => {
    const app = await pages(drawn);
    const res = await app.inject({ url: '/demo' });
    expect(res.body).not.toContain('<script type="module"');
    const loader = /<script>requestAnimationFrame\(([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(loader).toContain('["/assets/index-a1.js"]');
    expect(res.body.indexOf(loader)).toBeGreaterThan(res.body.indexOf(FIRST_SCREEN_DATA_ID));
    await app.close();
  });

  it('links the rest of the styles when it draws what only they style', async () => {
    const app = await pages(async (...args) => {
      const page = (await drawn(...args))!;
      return { ...page, html: page.html.replace('m_11111111', 'm_22222222') };
    });
    const res = await app.inject({ url: '/demo' });
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/rest-styles-b2.css">');
    expect(res.body.indexOf('rest-styles-b2.css')).toBeLessThan(res.body.indexOf('</head>'));
    await app.close();
  });

  it('says it varies with the language and the cookies, is revalidated each time, and answers 304 when unchanged', async () => {
    const app = await pages(drawn);
    const res = await app.inject({ url: '/demo', headers: { 'accept-language': 'ja' } });
    expect(res.headers.vary).toBe('Accept-Language, Cookie');
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await app.inject({ url: '/demo', headers: { 'accept-language': 'ja', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherLanguage = await app.inject({
      url: '/demo',
      headers: { 'accept-language': 'en', 'if-none-match': etag },
    });
    expect(otherLanguage.statusCode).toBe(200);
    await app.close();
  });

  it('keeps the status the screen says (the 404 page of an unknown project)', async () => {
    const app = await pages(drawn);
    const res = await app.inject({ url: '/nosuch' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<main class="m_11111111">missing</main>');
    await app.close();
  });

  it('escapes the data it hands over: no text of the database ends the script element', async () => {
    const hostile = '</script><script>alert(1)</script>\u2028<!--';
    const app = await pages(async (url, language) => ({
      html: '<main></main>',
      head: '',
      status: 200,
      data: { language, location: url, answers: { name: hostile }, namespaces: [] },
    }));
    const res = await app.inject({ url: '/demo' });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('\u2028');
    expect(dataOf(res.body).answers).toEqual({ name: hostile });
    await app.close();
  });
});

describe('the plain index.html instead', () => {
  const plain = (body: string) => {
    expect(body).toContain('<div id="root"><div class="boot"></div></div>');
    expect(body).not.toContain('data-first-screen');
  };

  it.each([
    ['the session hint', 'sb_session=1'],
    ['an access token', 'sb_access=x'],
    ['a refresh token', 'sb_refresh=x'],
    ["an administrator's session", 'sb_admin=x'],
  ])('for a request carrying %s: the client draws the user their own screen', async (_what, cookie) => {
    let asked = 0;
    const app = await pages(async (...args) => {
      asked += 1;
      return drawn(...args);
    });
    const res = await app.inject({ url: '/demo', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    plain(res.body);
    expect(res.headers.vary).toContain('Accept-Language, Cookie');
    expect(asked).toBe(0);
    await app.close();
  });

  it('for an address the entry does not draw, and for HEAD', async () => {
    const app = await pages(drawn);
    plain((await app.inject({ url: '/demo/scan-ocr/x' })).body);
    expect((await app.inject({ method: 'HEAD', url: '/demo' })).statusCode).toBe(200);
    await app.close();
  });

  it('when drawing takes longer than the bound: never held longer', async () => {
    const app = await pages((...args) => new Promise((resolve) => setTimeout(() => resolve(drawn(...args)), 2000)), 50);
    const started = performance.now();
    const res = await app.inject({ url: '/demo' });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(res.statusCode).toBe(200);
    plain(res.body);
    await app.close();
  });

  it('when drawing fails', async () => {
    const app = await pages(async () => {
      throw new Error('render failed');
    });
    const res = await app.inject({ url: '/demo' });
    expect(res.statusCode).toBe(200);
    plain(res.body);
    await app.close();
  });

  it('when the entry leaves the address to the client (null)', async () => {
    const app = await pages(async () => null);
    plain((await app.inject({ url: '/demo' })).body);
    await app.close();
  });

  it('for every address when the server announces a newer client than the one it serves', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    const ctx = { ...server.ctx, config: { ...server.ctx.config, latestClientVersion: '999.0.0' } };
    await installStaticClient(app, dist, ctx, { entry: entry(drawn) });
    const res = await app.inject({ url: '/demo' });
    plain(res.body);
    expect(res.headers.vary).not.toContain('Accept-Language');
    await app.close();
  });
});

describe('without a server entry (a client built without it)', () => {
  it('every page is the plain index.html, and the server starts', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    await installStaticClient(app, dist, server.ctx);
    const res = await app.inject({ url: '/demo' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><div class="boot"></div></div>');
    await app.close();
  });

  it('an index.html of another shape is served as it is, and the server starts', async () => {
    const other = fakeDist();
    writeFileSync(join(other, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    const app = Fastify();
    await app.register(fastifyCookie);
    await installStaticClient(app, other, server.ctx, { entry: entry(drawn) });
    const res = await app.inject({ url: '/demo' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<!doctype html><html><body><div id="root"></div></body></html>');
    await app.close();
    rmSync(other, { recursive: true, force: true });
  });

  it('the server entry folder is never served', async () => {
    const folder = join(dist, 'server');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'entry-server.mjs'), 'export const secret = 1;');
    const app = Fastify();
    await app.register(fastifyCookie);
    await installStaticClient(app, dist, server.ctx, { entry: entry(drawn) });
    const res = await app.inject({ url: '/server/entry-server.mjs' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret');
    rmSync(folder, { recursive: true, force: true });
    await app.close();
  });
});
