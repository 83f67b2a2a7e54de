import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureFirstLoad } from '../../bench/measure/bundle-size';
import { FIRST_SCREEN_STYLES, mantineStyleOrder, mantineStyleParts } from '../../scripts/mantine-styles';

/**
 * Mantine's stylesheet in two parts (scripts/mantine-styles.ts): the first screen's, linked from
 * index.html, and the rest, loaded beside the app. Runs after `npm run build`.
 */
const componentsDir = 'node_modules/@mantine/core/esm/components';

/** Mantine's display names ("@mantine/core/InputWrapper") to the folder of the component ("Input"). */
function componentFolders(): Map<string, string> {
  const folders = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.mjs')) {
        for (const [, name] of readFileSync(path, 'utf8').matchAll(/displayName = "@mantine\/core\/(\w+)"/g)) {
          folders.set(name as string, relative(componentsDir, path).split(sep)[0] as string);
        }
      }
    }
  };
  walk(componentsDir);
  return folders;
}

describe("Mantine's styles in two parts", () => {
  it("are together exactly Mantine's stylesheets, each part in Mantine's order", () => {
    const order = mantineStyleOrder();
    const { first, rest } = mantineStyleParts();
    expect(order.length).toBeGreaterThan(100);
    expect([...first, ...rest].sort()).toEqual([...order].sort());
    expect(first).toEqual(order.filter((name) => first.includes(name)));
    expect(rest).toEqual(order.filter((name) => rest.includes(name)));
    expect(first.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });

  it('put the styles of every Mantine component the first load can draw in the first part', () => {
    const folders = componentFolders();
    const drawn = new Set<string>();
    for (const { file } of measureFirstLoad('dist').files) {
      for (const [, name] of readFileSync(join('dist', file), 'utf8').matchAll(/@mantine\/core\/(\w+)/g)) {
        const folder = folders.get(name as string);
        if (folder && existsSync(`node_modules/@mantine/core/styles/${folder}.css`)) drawn.add(folder);
      }
    }
    expect(drawn.size).toBeGreaterThan(10);
    expect([...drawn].filter((folder) => !FIRST_SCREEN_STYLES.includes(folder))).toEqual([]);
  });

  it("put every component the app's own stylesheets restyle in the first part (they load after it, before the rest)", () => {
    const restyled = new Set<string>();
    for (const file of readdirSync('src/app').filter((name) => name.endsWith('.css'))) {
      for (const [, name] of readFileSync(join('src/app', file), 'utf8').matchAll(/\.mantine-([A-Z]\w*)-/g))
        restyled.add(name as string);
    }
    expect([...restyled].sort()).toEqual(['Button', 'Checkbox', 'Input', 'Radio']);
    expect([...restyled].filter((name) => !FIRST_SCREEN_STYLES.includes(name))).toEqual([]);
  });

  it('link only the first part from index.html; the service worker keeps the rest for offline use', () => {
    const html = readFileSync('dist/index.html', 'utf8');
    const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/g)].map(
      (m) => m[1] as string,
    );
    expect(linked).toHaveLength(1);
    const firstCss = readFileSync(join('dist', linked[0] as string), 'utf8');
    const rest = readdirSync('dist/assets').filter((name) => /^rest-styles-[\w-]+\.css$/.test(name));
    expect(rest).toHaveLength(1);
    const restCss = readFileSync(join('dist/assets', rest[0] as string), 'utf8');
    // A Tabs rule is in the rest only, a Button rule in the first part only.
    expect(restCss).toContain('.m_89d60db1');
    expect(firstCss).not.toContain('.m_89d60db1');
    expect(firstCss).toContain('.m_77c9d27d');
    expect(restCss).not.toContain('.m_77c9d27d');
    const precache = JSON.parse(readFileSync('dist/sw-precache.json', 'utf8')) as { files: string[] };
    expect(precache.files).toContain(`/assets/${rest[0]}`);
  });
});
