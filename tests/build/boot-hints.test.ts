import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CLIENT_VERSION } from '../../schemas/validation';
import { REST_STYLES_GLOBAL } from '../../schemas/boot-request';

/**
 * The inline script the build puts in index.html (vite.config.ts, bootHints): run as a browser
 * would, it asks for the strings of the browser's language beside the app's own code.
 */
const html = readFileSync('dist/index.html', 'utf8');
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

/** What the script asks with fetch (the project request), as the app's API client would. */
const fetched: { url: string; init: { method: string; headers: Record<string, string>; credentials: string } }[] = [];

function hintsFor(languages: string[], pathname: string, timezoneOffset = -540, cookie = ''): Record<string, string>[] {
  const links: Record<string, string>[] = [];
  fetched.length = 0;
  const document = {
    cookie,
    head: { appendChild: (link: { attributes: Record<string, string> }) => links.push(link.attributes) },
    createElement: () => {
      const attributes: Record<string, string> = {};
      return {
        attributes,
        setAttribute: (name: string, value: string) => {
          attributes[name] = value;
        },
      };
    },
  };
  class FakeDate {
    getTimezoneOffset() {
      return timezoneOffset;
    }
  }
  const window: Record<string, unknown> = {};
  const fetch = (url: string, init: (typeof fetched)[number]['init']) => {
    fetched.push({ url, init });
    return Promise.resolve({ ok: true });
  };
  runInNewContext(script, {
    document,
    navigator: { languages, language: languages[0] },
    location: { pathname },
    window,
    fetch,
    Date: FakeDate,
    encodeURIComponent,
    decodeURIComponent,
    URLSearchParams,
    String,
  });
  if (fetched.length > 0)
    expect((window.__sbBootRequests as { url: string }[]).map((r) => r.url)).toEqual(fetched.map((f) => f.url));
  return links;
}

describe('index.html boot hints (built client)', () => {
  it('comes before the app script and stylesheet', () => {
    expect(script).not.toBe('');
    expect(html.indexOf(script)).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html.indexOf(script)).toBeLessThan(html.indexOf('rel="stylesheet"'));
  });

  it.each([
    [['ja-JP', 'en'], 'ja'],
    [['zh-HK'], 'zh-TW'],
    [['zh-SG'], 'zh-CN'],
    [['fr-FR', 'en-GB'], 'en'],
    [['de'], 'en'],
  ])('preloads the first-screen strings of %j: %s', (languages, language) => {
    const preloads = hintsFor(languages, '/playground')
      .filter((l) => l.rel === 'modulepreload')
      .map((l) => l.href ?? '');
    const expected = ['common', 'errors'].map((ns) => `/${manifest[`locales/${language}/${ns}.json`]?.file}`);
    expect(preloads.sort()).toEqual(expected.sort());
    for (const href of preloads) expect(existsSync(join('dist', href))).toBe(true);
  });

  it("on a scanned link with a session also preloads the barcode screens' strings in the same language and the rest of Mantine's styles, and nothing else", () => {
    const links = hintsFor(['ja'], '/demo@1/qrcode/ABCDEFGHJKLM/track', -540, 'sb_session=1');
    const scripts = links.filter((l) => l.rel === 'modulepreload');
    expect(scripts.map((l) => l.href).sort()).toEqual(
      ['common', 'errors', 'barcode'].map((ns) => `/${manifest[`locales/ja/${ns}.json`]?.file}`).sort(),
    );
    // As the app's loader will link it (anonymous CORS), so the browser reuses the preloaded file.
    const restStyles = readdirSync('dist/assets').filter((name) => /^rest-styles-[\w-]+\.css$/.test(name));
    expect(links.filter((l) => l.rel !== 'modulepreload')).toEqual([
      { rel: 'preload', as: 'style', href: `/assets/${restStyles[0]}`, crossorigin: '' },
    ]);
    // The login form (the project's home, or a restricted screen's link without a session) needs neither.
    for (const onLogin of [hintsFor(['ja'], '/demo@1'), hintsFor(['ja'], '/demo@1/qrcode/ABCDEFGHJKLM/track')]) {
      expect(onLogin.map((l) => l.href).sort()).toEqual(
        ['common', 'errors'].map((ns) => `/${manifest[`locales/ja/${ns}.json`]?.file}`).sort(),
      );
    }
    // The screens of a barcode open to visitors draw it: its strings and styles as well.
    for (const open of ['', '/trace', '/children', '/html']) {
      expect(hintsFor(['ja'], `/demo@1/qrcode/ABCDEFGHJKLM${open}`).map((l) => l.href)).toEqual(
        expect.arrayContaining([`/${manifest['locales/ja/barcode.json']?.file}`, `/assets/${restStyles[0]}`]),
      );
    }
    // With a session the project's home is the logged-in home, which waits for the styles too.
    expect(hintsFor(['ja'], '/demo@1', -540, 'sb_session=1').filter((l) => l.rel === 'preload')).toEqual([
      { rel: 'preload', as: 'style', href: `/assets/${restStyles[0]}`, crossorigin: '' },
    ]);
    // The OCR scan page is no barcode.
    expect(hintsFor(['ja'], '/demo@1/qrcode/scan-ocr').map((l) => l.href)).not.toContain(
      `/${manifest['locales/ja/barcode.json']?.file}`,
    );
  });

  it("names the rest of Mantine's styles for the app, which links them itself", () => {
    const window: Record<string, unknown> = {};
    runInNewContext(script, {
      window,
      document: {
        cookie: '',
        head: { appendChild: () => undefined },
        createElement: () => ({ setAttribute: () => undefined }),
      },
      navigator: { languages: ['en'], language: 'en' },
      location: { pathname: '/' },
      fetch: () => Promise.resolve({}),
      Date,
      encodeURIComponent,
      decodeURIComponent,
      URLSearchParams,
      String,
    });
    expect(window[REST_STYLES_GLOBAL]).toMatch(/^\/assets\/rest-styles-[\w-]+\.css$/);
    expect(existsSync(join('dist', window[REST_STYLES_GLOBAL] as string))).toBe(true);
  });

  it("on a barcode's detail page (not its other screens) also preloads the page's own code, none of it in the first load", () => {
    const manifestFull = manifest as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
    const detailFile = `/${manifestFull['src/features/barcode-detail/components/detail-page.tsx']!.file}`;
    const entryFiles = new Set<string>();
    const walk = (key: string) => {
      const file = `/${manifestFull[key]!.file}`;
      if (entryFiles.has(file)) return;
      entryFiles.add(file);
      for (const imported of manifestFull[key]!.imports ?? []) walk(imported);
    };
    walk('index.html');
    const onDetail = hintsFor(['en'], '/demo@1/qrcode/ABCDEFGHJKLM').map((l) => l.href ?? '');
    expect(onDetail).toContain(detailFile);
    expect(onDetail.filter((href) => entryFiles.has(href))).toEqual([]);
    for (const href of onDetail) expect(existsSync(join('dist', href))).toBe(true);
    expect(hintsFor(['en'], '/demo@1/qrcode/ABCDEFGHJKLM/history').map((l) => l.href)).not.toContain(detailFile);
  });

  it('asks for the profile only when the session hint cookie says there may be a session', () => {
    hintsFor(['en'], '/demo@1', -540, 'theme=dark; sb_session=1');
    expect(fetched.map((f) => f.url)).toEqual(['/api/barcode/project?code=demo&version=1', '/api/user/profile']);
    hintsFor(['en'], '/demo@1', -540, 'sb_session=0; other=1');
    expect(fetched.map((f) => f.url)).toEqual(['/api/barcode/project?code=demo&version=1']);
  });

  const asked = (url: string) => ({
    url,
    init: { method: 'GET', credentials: 'include', headers: { 'utc-offset': '9', 'client-version': CLIENT_VERSION } },
  });

  it.each([
    ['/demo@1', ['/api/barcode/project?code=demo&version=1']],
    ['/demo', ['/api/barcode/project?code=demo']],
    ['/secure@12/scan', ['/api/barcode/project?code=secure&version=12']],
    [
      '/demo@1/qrcode/ABCDEFGHJKLM',
      ['/api/barcode/project?code=demo&version=1', '/api/barcode/barcode?id=ABCDEFGHJKLM'],
    ],
    [
      '/demo@1/qrcode/ABCDEFGHJKLM/track',
      ['/api/barcode/project?code=demo&version=1', '/api/barcode/barcode?id=ABCDEFGHJKLM'],
    ],
    // Encoded as the API client's URLSearchParams encodes it.
    ['/demo@1/qrcode/A%20B%2BC', ['/api/barcode/project?code=demo&version=1', '/api/barcode/barcode?id=A+B%2BC']],
    // A lookup by external id, the OCR scan page, a malformed id: the project only.
    ['/demo@1/qrcode/externalId%3DX-1', ['/api/barcode/project?code=demo&version=1']],
    ['/demo@1/qrcode/scan-ocr', ['/api/barcode/project?code=demo&version=1']],
    ['/demo@1/qrcode/%E0%A4%A', ['/api/barcode/project?code=demo&version=1']],
  ])('asks on %s what the API client will ask first: %j', (pathname, urls) => {
    hintsFor(['en'], pathname);
    expect(fetched).toEqual(urls.map(asked));
  });

  it.each(['/', '/admin', '/admin/audit-log', '/playground', '/not a project', '/demo@0'])(
    'asks for no project on %s',
    (pathname) => {
      hintsFor(['en'], pathname);
      expect(fetched).toEqual([]);
    },
  );
});
