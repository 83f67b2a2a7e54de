import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CLIENT_VERSION } from '../../schemas/validation';

/**
 * The inline script the build puts in index.html (vite.config.ts, bootHints): run as a browser
 * would, it asks for the strings of the browser's language beside the app's own code.
 */
const html = readFileSync('dist/index.html', 'utf8');
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

/** What the script asks with fetch (the project request), as the app's API client would. */
const fetched: { url: string; init: { method: string; headers: Record<string, string>; credentials: string } }[] = [];

function hintsFor(languages: string[], pathname: string, timezoneOffset = -540): Record<string, string>[] {
  const links: Record<string, string>[] = [];
  fetched.length = 0;
  const document = {
    head: { appendChild: (link: { attributes: Record<string, string> }) => links.push(link.attributes) },
    createElement: () => {
      const attributes: Record<string, string> = {};
      return { attributes, setAttribute: (name: string, value: string) => { attributes[name] = value; } };
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
  runInNewContext(script, { document, navigator: { languages, language: languages[0] }, location: { pathname }, window, fetch, Date: FakeDate, encodeURIComponent, String });
  if (fetched.length > 0) expect(window.__sbBootProject).toMatchObject({ url: fetched[0]!.url });
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
    const preloads = hintsFor(languages, '/playground').filter((l) => l.rel === 'modulepreload').map((l) => l.href ?? '');
    const expected = ['common', 'errors'].map((ns) => `/${manifest[`locales/${language}/${ns}.json`]?.file}`);
    expect(preloads.sort()).toEqual(expected.sort());
    for (const href of preloads) expect(existsSync(join('dist', href))).toBe(true);
  });

  it('preloads nothing else (the project request needs the client headers)', () => {
    expect(hintsFor(['en'], '/demo@1/qrcode/ABCDEFGHJKLM/track').map((l) => l.rel)).toEqual(['modulepreload', 'modulepreload']);
  });

  it.each([
    ['/demo@1/qrcode/ABCDEFGHJKLM/track', '/api/barcode/project?code=demo&version=1'],
    ['/demo@1', '/api/barcode/project?code=demo&version=1'],
    ['/demo', '/api/barcode/project?code=demo'],
    ['/secure@12/scan', '/api/barcode/project?code=secure&version=12'],
  ])('asks for the project of %s as the API client would: %s', (pathname, url) => {
    hintsFor(['en'], pathname);
    expect(fetched).toEqual([{ url, init: { method: 'GET', credentials: 'include', headers: { 'utc-offset': '9', 'client-version': CLIENT_VERSION } } }]);
  });

  it.each(['/', '/admin', '/admin/audit-log', '/playground', '/not a project', '/demo@0'])('asks for no project on %s', (pathname) => {
    hintsFor(['en'], pathname);
    expect(fetched).toEqual([]);
  });
});
