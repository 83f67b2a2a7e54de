import { describe, expect, it } from 'vitest';
import { ProjectConfig } from '@schemas/project-config';
import { qaCheck } from '../../renderer/config-check';
import demo from '../../server/projects/demo@1.json';
import {
  pointerPath,
  rangeOfPointer,
  schemasAt,
  suggestionsAt,
  syntaxProblems,
  type SchemaNode,
} from '@/features/admin-config/model/json-assist';

const schema = ProjectConfig as unknown as SchemaNode;
const text = JSON.stringify(demo, null, 2);
const lineText = (t: string, line: number) => t.split('\n')[line - 1]!;

describe('the JSON editor: pointers to lines', () => {
  it('reads a pointer, with its escapes, into a path', () => {
    expect(pointerPath('/barcodeTypes/pallet/activationFields/0/key')).toEqual([
      'barcodeTypes',
      'pallet',
      'activationFields',
      0,
      'key',
    ]);
    expect(pointerPath('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(pointerPath('')).toEqual([]);
  });

  it('finds each QA problem of a broken configuration at the line of the property it names', () => {
    const broken = structuredClone(demo) as typeof demo;
    const [typeKey, type] = Object.entries(broken.barcodeTypes)[0]!;
    const field = (type as { activationFields: { key: string; type?: string }[] }).activationFields[1]!;
    field.key = (type as { activationFields: { key: string }[] }).activationFields[0]!.key;
    const brokenText = JSON.stringify(broken, null, 2);
    const { problems } = qaCheck(broken);
    const twice = problems.find((p) => p.key === 'fieldTwice');
    expect(twice?.pointer).toBe(`/barcodeTypes/${typeKey}/activationFields/1/key`);
    const range = rangeOfPointer(brokenText, twice!.pointer)!;
    expect(lineText(brokenText, range.line)).toContain(`"key": "${field.key}"`);
    expect(brokenText.slice(range.from, range.to)).toBe(`"key": "${field.key}"`);
    // The second activation field's key, not the first's.
    expect(range.from).toBeGreaterThan(brokenText.indexOf(`"key": "${field.key}"`));
  });

  it('shows a missing property at its object, and a pointer into nothing at the nearest place', () => {
    const range = rangeOfPointer(text, '/barcodeTypes/nope/activationFields')!;
    expect(lineText(text, range.line).trim()).toBe('"barcodeTypes": {');
    expect(rangeOfPointer('not json', '/a')).toBeNull();
  });

  it('names each syntax error with its line', () => {
    const problems = syntaxProblems('{\n  "a": 1\n  "b": 2,\n}');
    expect(problems.map((p) => [p.code, p.line])).toEqual([
      ['CommaExpected', 3],
      ['PropertyNameExpected', 4],
    ]);
    expect(syntaxProblems(text)).toEqual([]);
  });
});

describe('the JSON editor: completion from the configuration schema', () => {
  it('offers the properties a barcode type may still have, as a name with its colon', () => {
    const typeKey = Object.keys(demo.barcodeTypes)[0]!;
    // The demo's barcode type has every property but one: take two optional ones away.
    const config = structuredClone(demo) as { barcodeTypes: Record<string, Record<string, unknown>> };
    const type = config.barcodeTypes[typeKey]!;
    const required = schemasAt(schema, ['barcodeTypes', typeKey])[0]!.required ?? [];
    const optional = Object.keys(type)
      .filter((k) => !required.includes(k))
      .slice(0, 2);
    expect(optional).toHaveLength(2);
    for (const key of optional) delete type[key];
    const source = JSON.stringify(config, null, 2);
    const at = source.indexOf(`"${typeKey}": {`) + `"${typeKey}": {`.length;
    // As the editor leaves it when a quote is typed: the closing quote comes with it.
    const typed = `${source.slice(0, at)}\n"",${source.slice(at)}`;
    const { options, replaceFrom, replaceTo } = suggestionsAt(typed, at + 2, schema);
    expect([replaceFrom, replaceTo]).toEqual([at + 1, at + 3]);
    expect(options[0]!.insert).toBe(`"${options[0]!.label}": `);
    const labels = options.map((o) => o.label);
    const present = Object.keys(type);
    for (const key of optional) expect(labels).toContain(key);
    for (const name of present) expect(labels).not.toContain(name);
    const all = Object.keys(schemasAt(schema, ['barcodeTypes', typeKey])[0]!.properties!);
    expect(labels.sort()).toEqual(all.filter((n) => !present.includes(n)).sort());
  });

  it("offers a field type's names, and true / false for a flag", () => {
    const fieldText = '{"barcodeTypes": {"t": {"activationFields": [{"key": "a", "type": "", "required": }]}}}';
    const typeValues = suggestionsAt(fieldText, fieldText.indexOf('"type": ""') + 9, schema).options.map(
      (o) => o.label,
    );
    expect(typeValues).toContain('"number"');
    expect(typeValues).toContain('"text"');
    const flag = suggestionsAt(fieldText, fieldText.indexOf('"required": ') + 12, schema).options.map((o) => o.label);
    expect(flag).toEqual(['true', 'false']);
    // Renaming a key that has its colon already: only the name is replaced.
    const renaming = suggestionsAt(fieldText, fieldText.indexOf('"key"') + 2, schema);
    expect(renaming.options.find((o) => o.label === 'label')?.insert).toBe('"label"');
  });
});
