import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * The inline script the build puts in index.html (vite.config.ts, bootHints): run as a browser
 * would, it asks for the strings of the browser's language beside the app's own code.
 */
const html = readFileSync('dist/index.html', 'utf8');
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

function hintsFor(languages: string[], pathname: string): Record<string, string>[] {
  const links: Record<string, string>[] = [];
  const document = {
    head: { appendChild: (link: { attributes: Record<string, string> }) => links.push(link.attributes) },
    createElement: () => {
      const attributes: Record<string, string> = {};
      return { attributes, setAttribute: (name: string, value: string) => { attributes[name] = value; } };
    },
  };
  runInNewContext(script, { document, navigator: { languages, language: languages[0] }, location: { pathname } });
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
});
