import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '@schemas/project-config';
import { RESERVED_NAMES } from '@schemas/own-keys';
import { checkProjectConfig, type ConfigProblem } from '@renderer/config-check';
import { demoConfig, L } from './fixtures';

/**
 * The configuration format refuses, wherever a key names something, the names every object
 * inherits: looked up later on a plain object, they would find Object.prototype's members.
 */
type Config = ProjectConfig & Record<string, unknown>;
const pallet = (c: Config) => c.barcodeTypes.pallet!;

/** A JSON round trip, so a `__proto__` key becomes an own property, as JSON.parse makes it from a file or a request. */
const asParsed = (config: Config): unknown => JSON.parse(JSON.stringify(config).replaceAll('"__key__"', '"__proto__"'));
/** Stands for `__proto__` as a key until asParsed: an object literal's `__proto__` would set the prototype instead. */
const keyFor = (name: string) => (name === '__proto__' ? '__key__' : name);

/** Renames a member of a record, keeping its value. */
function renameKey(record: Record<string, unknown>, from: string, to: string): void {
  record[keyFor(to)] = record[from];
  delete record[from];
}

/** Each place a name is a key or names one: how to put the name there, and the JSON pointer of the problem. */
const POSITIONS: [string, (c: Config, name: string) => void, (name: string) => string][] = [
  ['a barcode type key', (c, name) => renameKey(c.barcodeTypes, 'logger', name), (name) => `/barcodeTypes/${name}`],
  [
    'a trackpoint key',
    (c, name) => {
      pallet(c).trackPoints[1]!.key = name;
    },
    () => '/barcodeTypes/pallet/trackPoints/1/key',
  ],
  [
    'a form key',
    (c, name) => {
      pallet(c).trackPoints[1]!.trackPointForms[0]!.key = name;
    },
    () => '/barcodeTypes/pallet/trackPoints/1/trackPointForms/0/key',
  ],
  [
    'an activation field key',
    (c, name) => {
      pallet(c).activationFields[1]!.key = name;
    },
    () => '/barcodeTypes/pallet/activationFields/1/key',
  ],
  [
    'a trackpoint form field key',
    (c, name) => {
      pallet(c).trackPoints[1]!.trackPointForms[0]!.customFields[0]!.key = name;
    },
    () => '/barcodeTypes/pallet/trackPoints/1/trackPointForms/0/customFields/0/key',
  ],
  [
    'the end trackpoint key',
    (c, name) => {
      c.endTrackPointKey = name;
    },
    () => '/endTrackPointKey',
  ],
  [
    'a child type',
    (c, name) => {
      pallet(c).pairing!.childTypes = [name];
    },
    () => '/barcodeTypes/pallet/pairing/childTypes/0',
  ],
  [
    'the field a GS1 AI fills',
    (c, name) => {
      pallet(c).gs1Mapping = { '10': name };
    },
    () => '/barcodeTypes/pallet/gs1Mapping/10',
  ],
  [
    'the list title field',
    (c, name) => {
      pallet(c).uiConfig = { listViewTitleLabelField: name };
    },
    () => '/barcodeTypes/pallet/uiConfig/listViewTitleLabelField',
  ],
  [
    'the quantity an adjustment changes',
    (c, name) => {
      pallet(c).trackPoints[1]!.trackPointForms[0]!.customFields.unshift({
        key: 'moved',
        type: 'adjustment',
        label: L('Moved'),
        quantityOf: name,
      });
    },
    () => '/barcodeTypes/pallet/trackPoints/1/trackPointForms/0/customFields/0/quantityOf',
  ],
  [
    'a product default',
    (c, name) => {
      renameKey(c.products![0]!.defaults!, 'gtin', name);
    },
    (name) => `/products/0/defaults/${name}`,
  ],
];

const problemsWith = (edit: (c: Config, name: string) => void, name: string): ConfigProblem[] => {
  const config = demoConfig() as Config;
  edit(config, name);
  return checkProjectConfig(asParsed(config));
};

describe('reserved names in the configuration', () => {
  it('the edits below, with ordinary names, leave a configuration without problems', () => {
    expect(problemsWith(POSITIONS[9]![1], 'initialStock')).toEqual([]);
    expect(problemsWith(POSITIONS[0]![1], 'tracker')).toEqual([]);
    expect(problemsWith(POSITIONS[10]![1], 'productName')).toEqual([]);
  });

  describe.each(POSITIONS)('as %s', (_, edit, pointer) => {
    it.each(RESERVED_NAMES)('%s is refused there, said as a reserved name', (name) => {
      const problems = problemsWith(edit, name);
      // Said once, at the name, and not also as a misshapen identifier or key.
      expect(problems.filter((p) => p.key === 'reservedName')).toEqual([
        {
          pointer: pointer(name),
          key: 'reservedName',
          values: { name },
          message: `'${name}' is a reserved name (every JavaScript object already has it): choose another key`,
        },
      ]);
      expect(problems.filter((p) => p.key === 'patternIdentifier' || p.key === 'propertyName')).toEqual([]);
    });

    it('a name that only begins like one is an ordinary identifier', () => {
      expect(problemsWith(edit, 'constructorX').map((p) => p.key)).not.toContain('reservedName');
    });
  });

  it('a key that is no identifier at all is still said as such', () => {
    const problems = problemsWith((c) => renameKey(c.barcodeTypes, 'logger', 'bad key'), '');
    expect(problems.map((p) => [p.pointer, p.key])).toEqual([
      ['/barcodeTypes', 'patternIdentifier'],
      ['/barcodeTypes', 'propertyName'],
    ]);
    expect(problemsWith((c) => (pallet(c).trackPoints[1]!.key = '1st'), '').map((p) => p.key)).toEqual([
      'patternIdentifier',
    ]);
  });

  it('a reserved name where another pattern applies gets that pattern’s words', () => {
    const colour = problemsWith((c) => (pallet(c).color.background = 'toString'), '');
    expect(colour.map((p) => [p.pointer, p.key])).toEqual([['/barcodeTypes/pallet/color/background', 'patternColour']]);
    const factor = problemsWith((c) => (c.ghg = { factors: { constructor: { value: 1, source: 'x' } } }), '');
    expect(factor.map((p) => [p.pointer, p.key])).toEqual([
      ['/ghg/factors', 'pattern'],
      ['/ghg/factors', 'propertyName'],
    ]);
  });
});
