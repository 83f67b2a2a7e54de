import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@schemas/languages';
import { allErrorCodes } from '@schemas/error-codes';
import { VERDICT_REASONS } from '@schemas/api/barcode';

const NAMESPACES = [
  'common',
  'errors',
  'config',
  'forms',
  'barcode',
  'pairing',
  'scan-list',
  'bulk',
  'find',
  'admin',
  'recall',
] as const;

type Tree = { [key: string]: string | Tree };
const load = (lng: string, ns: string) => JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  for (const ns of NAMESPACES) {
    const english = flatten(load('en', ns));
    for (const lng of LANGUAGES) {
      it(`${lng}/${ns}.json has exactly the English keys, each non-empty with the same placeholders`, () => {
        const strings = flatten(load(lng, ns));
        expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(strings)) {
          expect(text.trim(), `${lng}/${ns}:${key}`).not.toBe('');
          expect(placeholders(text), `${lng}/${ns}:${key}`).toEqual(placeholders(english[key] ?? ''));
        }
      });
    }
  }

  it('has a message for every code of the error catalogue, every verdict reason and transport failures', () => {
    const errors = flatten(load('en', 'errors'));
    for (const code of [...allErrorCodes.map(String), ...VERDICT_REASONS, 'network', 'timeout', 'unknown'])
      expect(errors, code).toHaveProperty(code);
  });

  it('has every literal key the client uses', () => {
    const common = flatten(load('en', 'common'));
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
      });
    const used = files('src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => [file, m[1] as string]),
    );
    expect(used.length).toBeGreaterThan(30);
    const known = {
      ...common,
      ...flatten(load('en', 'errors')),
      ...flatten(load('en', 'forms')),
      ...flatten(load('en', 'barcode')),
      ...flatten(load('en', 'pairing')),
      ...flatten(load('en', 'scan-list')),
      ...flatten(load('en', 'bulk')),
      ...flatten(load('en', 'find')),
      ...flatten(load('en', 'admin')),
      ...flatten(load('en', 'recall')),
    };
    // A key counted with i18next plurals exists as its `_other` form (and `_one`).
    const missing = used.filter(([, key]) => key === undefined || !(key in known || `${key}_other` in known));
    expect(missing).toEqual([]);
  });
});
