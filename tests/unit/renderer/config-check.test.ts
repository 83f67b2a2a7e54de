import { describe, expect, it } from 'vitest';
import type { CustomField } from '@schemas/custom-field';
import { FIELD_TYPE_NAMES } from '@renderer';
import { checkProjectConfig } from '@renderer/config-check';
import { checkFormsCompile } from '@renderer/form-compile-check';
import { demoConfig } from './fixtures';

type Edit = (config: ReturnType<typeof demoConfig>) => void;
const withEdit = (edit: Edit) => {
  const config = demoConfig();
  edit(config);
  return checkProjectConfig(config);
};
const pallet = (c: ReturnType<typeof demoConfig>) => c.barcodeTypes.pallet!;
const fieldAt = (c: ReturnType<typeof demoConfig>, i: number) =>
  pallet(c).activationFields[i] as Record<string, unknown>;

/** The demo pallet's photo-only field (load photos, at the carrier). */
const photoField = (c: ReturnType<typeof demoConfig>) =>
  pallet(c).trackPoints[2]!.trackPointForms[0]!.customFields[3] as Record<string, unknown>;

describe('configuration checks name the JSON pointer and say what is wrong', () => {
  it('accepts the demo configuration', () => {
    expect(checkProjectConfig(demoConfig())).toEqual([]);
  });

  it.each<[string, Edit, { pointer: string; message: RegExp }]>([
    [
      'a misspelt option',
      (c) => {
        fieldAt(c, 0).maxLenght = 3;
      },
      { pointer: '/barcodeTypes/pallet/activationFields/0/maxLenght', message: /unknown property 'maxLenght'/ },
    ],
    [
      'an unknown field type',
      (c) => {
        fieldAt(c, 1).type = 'txt';
      },
      {
        pointer: '/barcodeTypes/pallet/activationFields/1/type',
        message: /unknown field type: use one of text, number/,
      },
    ],
    [
      'an empty label',
      (c) => {
        (fieldAt(c, 0).label as Record<string, string>).ja = '';
      },
      { pointer: '/barcodeTypes/pallet/activationFields/0/label/ja', message: /must not be empty/ },
    ],
    [
      'a missing label language',
      (c) => {
        delete (fieldAt(c, 0).label as Record<string, string>)['zh-TW'];
      },
      { pointer: '/barcodeTypes/pallet/activationFields/0/label', message: /missing required property 'zh-TW'/ },
    ],
    [
      'a bad key',
      (c) => {
        fieldAt(c, 0).key = '1st';
      },
      { pointer: '/barcodeTypes/pallet/activationFields/0/key', message: /a letter, then letters, digits or _/ },
    ],
    [
      'min above max',
      (c) => {
        Object.assign(fieldAt(c, 6), { min: 50, max: 5 });
      },
      { pointer: '/barcodeTypes/pallet/activationFields/6/min', message: /min \(50\) is greater than max \(5\)/ },
    ],
    [
      'a duplicate key',
      (c) => {
        fieldAt(c, 1).key = 'productName';
      },
      { pointer: '/barcodeTypes/pallet/activationFields/1/key', message: /'productName' is used twice/ },
    ],
    [
      'a formula over an unknown field',
      (c) => {
        fieldAt(c, 8).formula = 'caseCount * nope';
      },
      { pointer: '/barcodeTypes/pallet/activationFields/8/formula', message: /uses 'nope', which is not a field/ },
    ],
    [
      'a formula that is not maths',
      (c) => {
        fieldAt(c, 8).formula = 'caseCount *';
      },
      { pointer: '/barcodeTypes/pallet/activationFields/8/formula', message: /^Formula incorrect/ },
    ],
    [
      'a special field name',
      (c) => {
        fieldAt(c, 0).key = 'trackingNumber';
      },
      { pointer: '/barcodeTypes/pallet/activationFields/0/key', message: /built-in field/ },
    ],
    [
      'an unknown icon',
      (c) => {
        (pallet(c) as { icon: string }).icon = 'rocket';
      },
      { pointer: '/barcodeTypes/pallet/icon', message: /must be one of: node, leaf/ },
    ],
    [
      'no end trackpoint',
      (c) => {
        c.endTrackPointKey = 'moon';
      },
      { pointer: '/barcodeTypes/pallet/trackPoints', message: /no trackpoint 'moon'/ },
    ],
    [
      'a bad colour',
      (c) => {
        pallet(c).color.background = 'teal';
      },
      { pointer: '/barcodeTypes/pallet/color/background', message: /#0b7285/ },
    ],
    [
      'a framing overlay from another site',
      (c) => {
        Object.assign(photoField(c), { overlayImageUrl: '//evil.example/frame.svg' });
      },
      {
        pointer: '/barcodeTypes/pallet/trackPoints/2/trackPointForms/0/customFields/3/overlayImageUrl',
        message: /a path on this site/,
      },
    ],
    [
      'a mask with no slot for a character (only literals: one fixed text)',
      (c) => {
        fieldAt(c, 0).mask = ' - ';
      },
      { pointer: '/barcodeTypes/pallet/activationFields/0/mask', message: /at least one 9 \(a digit\)/ },
    ],
    [
      'a select option used twice',
      (c) => {
        (fieldAt(c, 4).options as { value: string }[])[1]!.value = '2-8';
      },
      { pointer: '/barcodeTypes/pallet/activationFields/4/options/1/value', message: /used twice/ },
    ],
  ])('%s', (_name, edit, expected) => {
    const problems = withEdit(edit);
    expect(problems).toContainEqual(
      expect.objectContaining({ pointer: expected.pointer, message: expect.stringMatching(expected.message) }),
    );
  });
});

describe('every form must compile', () => {
  it('a field whose compiled schema ajv refuses is reported at its JSON pointer', () => {
    const config = demoConfig();
    // The format refuses a negative maxLength before this check runs; given directly, the check still names the field.
    Object.assign(config.barcodeTypes.pallet!.activationFields[0]!, { maxLength: -1 });
    expect(checkFormsCompile(config)).toEqual([
      expect.objectContaining({
        pointer: '/barcodeTypes/pallet/activationFields/0',
        key: 'formDoesNotCompile',
        message: expect.stringMatching(/^the form cannot be compiled, so it could not be filled: .*maxLength/),
      }),
    ]);
    expect(checkFormsCompile(demoConfig())).toEqual([]);
  });
});

describe('the configuration reference', () => {
  it('has an example of every field type, and the examples together make a valid form', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync('docs/admins/configuration.md', 'utf8');
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1] ?? 'null') as unknown);
    const examples = blocks.filter(
      (b): b is CustomField =>
        typeof b === 'object' && b !== null && (FIELD_TYPE_NAMES as string[]).includes((b as CustomField).type),
    );
    expect(new Set(examples.map((f) => f.type))).toEqual(new Set(FIELD_TYPE_NAMES));
    const config = demoConfig();
    config.barcodeTypes.pallet!.activationFields = examples;
    config.barcodeTypes.pallet!.uiConfig = { listViewTitleLabelField: 'lotNumber' };
    delete config.barcodeTypes.pallet!.gs1Mapping;
    config.products = [];
    expect(checkProjectConfig(config)).toEqual([]);
  });
});

describe('configuration problems in the admin language', () => {
  it('carry a message key and values that every language translates', async () => {
    const { readFileSync } = await import('node:fs');
    const problems = withEdit((c) => {
      Object.assign(fieldAt(c, 6), { min: 50, max: 5 });
    });
    const problem = problems.find((p) => p.key === 'greaterThan');
    expect(problem?.values).toEqual({ low: 'min', high: 'max', a: 50, b: 5 });
    const ja = JSON.parse(readFileSync('locales/ja/config.json', 'utf8')) as Record<string, string>;
    const { formatProblem } = await import('@renderer/config-check');
    expect(formatProblem(ja[problem?.key ?? ''] ?? '', problem?.values ?? {})).toBe(
      'min（50）が max（5）より大きくなっています',
    );
  });
});
