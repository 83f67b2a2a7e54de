import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '@schemas/project-config';
import { checkProjectConfig, isProjectConfig, notJsonProblem, qaCheck } from '@renderer/config-check';
import { formatProblem, problem } from '@renderer/problems';
import { demoConfig, L, text } from './fixtures';

/**
 * What a configuration author is told (locales/en/config.json), where (a JSON pointer): every
 * kind of mistake the format's schema and the rules across fields catch.
 */
type Config = ProjectConfig & Record<string, unknown>;
const told = (edit: (config: Config) => void) => {
  const config = demoConfig() as Config;
  edit(config);
  return checkProjectConfig(config).map((p) => [p.pointer, p.message]);
};
const pallet = (c: Config) =>
  c.barcodeTypes.pallet! as unknown as Record<string, unknown> & ProjectConfig['barcodeTypes'][string];
const field = (c: Config, i: number) => pallet(c).activationFields[i] as unknown as Record<string, unknown>;
const F = '/barcodeTypes/pallet/activationFields';

describe('the format: what each kind of schema mistake is called', () => {
  it('a missing property, at the object that lacks it (the root is /)', () => {
    expect(
      told((c) => {
        delete (c as Record<string, unknown>).requirePassword;
      }),
    ).toEqual([['/', "missing required property 'requirePassword'"]]);
    expect(
      told((c) => {
        delete (pallet(c) as Record<string, unknown>).color;
      }),
    ).toEqual([['/barcodeTypes/pallet', "missing required property 'color'"]]);
  });

  it('an unknown property, at its own pointer (escaped)', () => {
    expect(
      told((c) => {
        c['a/b'] = 1;
      }),
    ).toEqual([['/a~1b', "unknown property 'a/b': not part of the format here (check the spelling)"]]);
  });

  it('a wrong type; a whole number where one is needed', () => {
    expect(
      told((c) => {
        (c as Record<string, unknown>).requirePassword = 'yes';
      }),
    ).toEqual([['/requirePassword', 'must be of type boolean']]);
    expect(
      told((c) => {
        c.timeBetweenScansMillis = 1.5;
      }),
    ).toEqual([['/timeBetweenScansMillis', 'must be a whole number']]);
  });

  it('one of a list of values', () => {
    expect(
      told((c) => {
        (c as Record<string, unknown>).barcodeReaderType = 'laser';
      }),
    ).toEqual([['/barcodeReaderType', 'must be one of: camera, commercial']]);
  });

  it('a field without a type or of an unknown type names the types there are', () => {
    const missing = told((c) => {
      delete field(c, 0).type;
    });
    expect(missing[0]).toEqual([`${F}/0`, "missing required property 'type'"]);
    expect(missing[1]?.[0]).toBe(`${F}/0/type`);
    expect(missing[1]?.[1]).toMatch(/^missing field type: use one of text, number, adjustment, /);
    expect(
      told((c) => {
        field(c, 0).type = 'txt';
      })[0]?.[1],
    ).toMatch(/^unknown field type: use one of text, number, /);
  });

  it('patterns are described: identifiers, colours, site paths, others', () => {
    expect(
      told((c) => {
        field(c, 0).key = 'a-b';
      }),
    ).toEqual([[`${F}/0/key`, 'does not have the expected form: a letter, then letters, digits or _ (at most 64)']]);
    expect(
      told((c) => {
        pallet(c).color.foreground = 'red';
      }),
    ).toEqual([['/barcodeTypes/pallet/color/foreground', "does not have the expected form: a colour like '#0b7285'"]]);
    expect(
      told((c) => {
        c.googleAnalyticsMeasurementId = 'UA-1';
      }),
    ).toEqual([['/googleAnalyticsMeasurementId', 'does not have the expected form']]);
  });

  it('formats: e-mails and dates have their words', () => {
    expect(
      told((c) => {
        pallet(c).predefinedContact!.emails = ['nope'];
      }),
    ).toEqual([['/barcodeTypes/pallet/predefinedContact/emails/0', 'must be an e-mail address']]);
    expect(
      told((c) => {
        field(c, 3).minDate = '2024-13-01';
      }),
    ).toEqual([[`${F}/3/minDate`, 'must be a date (YYYY-MM-DD)']]);
  });

  it('lengths: empty text, too long text', () => {
    expect(
      told((c) => {
        field(c, 8).formula = '';
      }),
    ).toEqual([[`${F}/8/formula`, 'must not be empty']]);
    expect(
      told((c) => {
        field(c, 0).unitSuffix = 'x';
      }),
    ).toEqual([
      [`${F}/0/unitSuffix`, "unknown property 'unitSuffix': not part of the format here (check the spelling)"],
    ]);
    expect(
      told((c) => {
        field(c, 6).unitSuffix = 'x'.repeat(17);
      }),
    ).toEqual([[`${F}/6/unitSuffix`, 'must have at most 16 characters']]);
  });

  it('bounds of numbers', () => {
    expect(
      told((c) => {
        c.timeBetweenScansMillis = -1;
      }),
    ).toEqual([['/timeBetweenScansMillis', 'must be at least 0']]);
    expect(
      told((c) => {
        c.timeBetweenScansMillis = 60001;
      }),
    ).toEqual([['/timeBetweenScansMillis', 'must be at most 60000']]);
    expect(
      told((c) => {
        field(c, 6).step = 0;
      }),
    ).toEqual([[`${F}/6/step`, 'must be more than 0']]);
  });

  it('lists: at least one entry, each entry once, at most so many', () => {
    expect(
      told((c) => {
        pallet(c).userTypes = [];
      }),
    ).toEqual([['/barcodeTypes/pallet/userTypes', 'needs at least 1 entry']]);
    expect(
      told((c) => {
        pallet(c).userTypes = ['staff', 'staff'];
      }),
    ).toEqual([['/barcodeTypes/pallet/userTypes', 'has the same entry twice (entries 0 and 1)']]);
    expect(
      told((c) => {
        c.products = Array.from({ length: 1001 }, () => c.products![0]!);
      }),
    ).toEqual([['/products', 'may have at most 1000 entries']]);
  });

  it('barcode type keys are identifiers (a type under another key would go unchecked)', () => {
    expect(
      told((c) => {
        c.barcodeTypes['bad key'] = c.barcodeTypes.pallet!;
      }),
    ).toEqual([
      ['/barcodeTypes', 'does not have the expected form: a letter, then letters, digits or _ (at most 64)'],
      ['/barcodeTypes', "has a key that is not an identifier ('bad key'): use a letter, then letters, digits or _"],
    ]);
    expect(
      told((c) => {
        (c.barcodeTypes as Record<string, unknown>)['bad key'] = {};
      }),
    ).toContainEqual([
      '/barcodeTypes',
      "has a key that is not an identifier ('bad key'): use a letter, then letters, digits or _",
    ]);
  });

  it('a mistake met several times at one place is said once there; the same words at two places are said at each', () => {
    expect(
      told((c) => {
        c.barcodeTypes['bad key'] = c.barcodeTypes.pallet!;
        c.barcodeTypes['2nd'] = c.barcodeTypes.logger!;
      }),
    ).toEqual([
      ['/barcodeTypes', 'does not have the expected form: a letter, then letters, digits or _ (at most 64)'],
      ['/barcodeTypes', "has a key that is not an identifier ('bad key'): use a letter, then letters, digits or _"],
      ['/barcodeTypes', "has a key that is not an identifier ('2nd'): use a letter, then letters, digits or _"],
    ]);
    expect(
      told((c) => {
        field(c, 0).label = { ...L('x'), en: '', ja: '' };
      }),
    ).toEqual([
      [`${F}/0/label/en`, 'must not be empty'],
      [`${F}/0/label/ja`, 'must not be empty'],
    ]);
  });
});

describe('rules across fields', () => {
  it('a good configuration has no problem', () => {
    expect(told(() => undefined)).toEqual([]);
    expect(isProjectConfig(demoConfig())).toBe(true);
    expect(isProjectConfig({})).toBe(false);
  });

  it('a trackpoint key used twice, at the second one', () => {
    expect(
      told((c) => {
        pallet(c).trackPoints[2]!.key = pallet(c).trackPoints[1]!.key;
      }),
    ).toContainEqual([
      '/barcodeTypes/pallet/trackPoints/2/key',
      `trackpoint key '${demoConfig().barcodeTypes.pallet!.trackPoints[1]!.key}' is used twice`,
    ]);
  });

  it('a field key used twice in one form, at the second one; the same key in two forms is fine', () => {
    // (Without the gs1Mapping, which would also say its 'gtin' field is gone.)
    expect(
      told((c) => {
        field(c, 2).key = 'lotNumber';
        delete pallet(c).gs1Mapping;
      }),
    ).toEqual([[`${F}/2/key`, "field key 'lotNumber' is used twice in this form"]]);
  });

  it('a list title field must be an activation field or a built-in one', () => {
    expect(
      told((c) => {
        pallet(c).uiConfig = { listViewTitleLabelField: 'nope' };
      }),
    ).toEqual([
      [
        '/barcodeTypes/pallet/uiConfig/listViewTitleLabelField',
        "'nope' is not an activation field of this barcode type",
      ],
    ]);
    expect(
      told((c) => {
        pallet(c).uiConfig = { listViewTitleLabelField: 'externalId' };
      }),
    ).toEqual([]);
    expect(
      told((c) => {
        pallet(c).uiConfig = { listViewTitleLabelField: 'lotNumber' };
      }),
    ).toEqual([]);
  });

  it('text: min length above max length; a counter needs a maximum', () => {
    expect(
      told((c) => {
        Object.assign(field(c, 0), { minLength: 9, maxLength: 3 });
      }),
    ).toContainEqual([`${F}/0/minLength`, 'minLength (9) is greater than maxLength (3)']);
    expect(
      told((c) => {
        Object.assign(field(c, 0), { counter: true, maxLength: undefined });
        delete field(c, 0).maxLength;
      }),
    ).toEqual([[`${F}/0/counter`, 'a counter needs maxLength']]);
    expect(
      told((c) => {
        Object.assign(field(c, 0), { minLength: 3, maxLength: 3 });
      }),
    ).toEqual([]);
  });

  it('dates: the earliest after the latest', () => {
    expect(
      told((c) => {
        Object.assign(field(c, 3), { minDate: '2030-01-02', maxDate: '2030-01-01' });
      }),
    ).toEqual([[`${F}/3/minDate`, 'minDate (2030-01-02) is greater than maxDate (2030-01-01)']]);
  });

  it('multiple choice: more to pick than there are options; min above max', () => {
    const count = (demoConfig().barcodeTypes.pallet!.activationFields[5] as { options: unknown[] }).options.length;
    expect(
      told((c) => {
        field(c, 5).maxItems = count + 1;
      }),
    ).toEqual([[`${F}/5/maxItems`, `maxItems (${count + 1}) is more than the ${count} options`]]);
    expect(
      told((c) => {
        field(c, 5).maxItems = count;
      }),
    ).toEqual([]);
    expect(
      told((c) => {
        Object.assign(field(c, 5), { minItems: 2, maxItems: 1 });
      }),
    ).toEqual([[`${F}/5/minItems`, 'minItems (2) is greater than maxItems (1)']]);
    expect(
      told((c) => {
        (field(c, 5).options as { value: string }[])[1]!.value = (field(c, 5).options as { value: string }[])[0]!.value;
      })[0]?.[0],
    ).toBe(`${F}/5/options/1/value`);
  });

  it('a range with one end only is no problem', () => {
    expect(
      told((c) => {
        Object.assign(field(c, 6), { min: 50 });
        delete field(c, 6).max;
      }),
    ).toEqual([]);
    expect(
      told((c) => {
        Object.assign(field(c, 6), { max: 5 });
        delete field(c, 6).min;
      }),
    ).toEqual([]);
  });

  it('adjustments: min above max', () => {
    expect(
      told((c) => {
        Object.assign(field(c, 9), { min: 10, max: 1 });
      }),
    ).toEqual([[`${F}/9/min`, 'min (10) is greater than max (1)']]);
  });

  it('calculations: over its own field, over unknown fields, or not maths', () => {
    expect(
      told((c) => {
        field(c, 8).formula = 'totalDoses + 1';
      }),
    ).toEqual([[`${F}/8/formula`, 'the formula uses its own field']]);
    expect(
      told((c) => {
        field(c, 8).formula = 'nope * 2';
      }),
    ).toEqual([[`${F}/8/formula`, "the formula uses 'nope', which is not a field of this form"]]);
    expect(
      told((c) => {
        field(c, 8).formula = 'caseCount == 1';
      }),
    ).toEqual([[`${F}/8/formula`, "Formula incorrect: operator 'equal' is not allowed"]]);
    expect(
      told((c) => {
        field(c, 8).formula = 'round(caseCount, 1, 2)';
      }),
    ).toEqual([[`${F}/8/formula`, "Formula incorrect: function 'round' takes 1 or 2 arguments, not 3"]]);
  });

  it('a field may not take a built-in name', () => {
    expect(
      told((c) => {
        field(c, 1).key = 'weight';
        delete pallet(c).gs1Mapping;
      }),
    ).toEqual([[`${F}/1/key`, "'weight' is a built-in field of the activation data: choose another key"]]);
  });
});

describe('products', () => {
  it('a product code used twice, at the second one (2103)', () => {
    expect(
      told((c) => {
        c.products!.push({ ...c.products![0]! });
      }),
    ).toEqual([
      ['/products/3/code', "product code 'FLU-QIV-10' is used twice (product codes are unique in a project)"],
    ]);
  });

  it('a product packed as a barcode type client users may activate; another or an unknown one is named', () => {
    expect(
      told((c) => {
        c.products![0]!.barcodeType = 'case';
      }),
    ).toEqual([]);
    expect(
      told((c) => {
        c.products![0]!.barcodeType = 'logger';
        c.products![1]!.barcodeType = 'crate';
      }),
    ).toEqual([
      [
        '/products/0/barcodeType',
        "'logger' is not a barcode type client users may activate: a product cannot be packed as it",
      ],
      [
        '/products/1/barcodeType',
        "'crate' is not a barcode type client users may activate: a product cannot be packed as it",
      ],
    ]);
  });

  it('a product default for a field no barcode type has, or for a calculation, named at its key', () => {
    expect(
      told((c) => {
        c.products![1]!.defaults = { productName: 'Diluent', totalDoses: 5, nonsense: 'x' };
      }),
    ).toEqual([
      [
        '/products/1/defaults/totalDoses',
        "'totalDoses' is not an activation field a user fills in: a product cannot prefill it",
      ],
      [
        '/products/1/defaults/nonsense',
        "'nonsense' is not an activation field a user fills in: a product cannot prefill it",
      ],
    ]);
  });

  it('a product without defaults, or a project without products, is fine', () => {
    expect(
      told((c) => {
        delete c.products![0]!.defaults;
      }),
    ).toEqual([]);
    expect(
      told((c) => {
        delete c.products;
      }),
    ).toEqual([]);
  });
});

describe('GHG factors', () => {
  it("a replaced factor must be a row of the calculation's table, named at its id", () => {
    expect(
      told((c) => {
        c.ghg = {
          factors: {
            'tonkilo:railway': { value: 22, source: 'carrier report' },
            'tonkilo:teleport': { value: 1, source: 'x' },
          },
        };
      }),
    ).toEqual([
      ['/ghg/factors/tonkilo:teleport', "'tonkilo:teleport' is not a GHG factor id of the calculation's table"],
    ]);
  });
});

describe('the QA check (npm run validate, publishing a draft)', () => {
  /** The demo cut down to its logger type (one activation field, one form at each trackpoint), without products: quick to compile. */
  const loggers = () => {
    const config = demoConfig() as Config;
    config.barcodeTypes = { logger: config.barcodeTypes.logger! };
    delete config.products;
    return config;
  };

  it('compiles every form of every barcode type, as a user and as a visitor sees it', () => {
    const config = loggers();
    config.barcodeTypes.logger!.activationFields.push(text('note', { visibility: 'visibleWhenLoggedIn' }));
    const { problems, forms } = qaCheck(config);
    expect(problems).toEqual([]);
    const T = '/barcodeTypes/logger/trackPoints';
    expect(
      forms.map(({ form, user, visitor }) => [
        form.pointer,
        user.fields.map((f) => f.key),
        visitor.fields.map((f) => f.key),
      ]),
    ).toEqual([
      ['/barcodeTypes/logger/activationFields', ['serialNumber', 'note'], ['serialNumber']],
      ...[0, 1, 2, 3].map((i) => [
        `${T}/${i}/trackPointForms/0/customFields`,
        ['loggerTemperature'],
        ['loggerTemperature'],
      ]),
    ]);
  });

  it('a configuration with problems gives its problems and no forms', () => {
    const config = loggers();
    config.endTrackPointKey = 'moon';
    expect(qaCheck(config)).toEqual({
      problems: [
        expect.objectContaining({
          pointer: '/barcodeTypes/logger/trackPoints',
          message: "has no trackpoint 'moon' (the project's endTrackPointKey)",
        }),
      ],
      forms: [],
    });
  });
});

describe('problem messages', () => {
  it('fill their placeholders; a value not given is left empty', () => {
    expect(formatProblem('{{a}} and {{b}} and {{a}}', { a: 1 })).toBe('1 and  and 1');
    expect(problem('/x', 'greaterThan', { low: 'min', high: 'max', a: 2, b: 1 })).toEqual({
      pointer: '/x',
      key: 'greaterThan',
      values: { low: 'min', high: 'max', a: 2, b: 1 },
      message: 'min (2) is greater than max (1)',
    });
    expect(problem('/x', 'invalid')).toEqual({ pointer: '/x', key: 'invalid', values: {}, message: 'is not valid' });
  });

  it('a file that is not JSON', () => {
    expect(notJsonProblem('Unexpected token')).toMatchObject({
      pointer: '/',
      key: 'notJson',
      message: 'not valid JSON: Unexpected token',
    });
  });
});

describe('labels are needed in every language', () => {
  it('an empty label', () => {
    expect(
      told((c) => {
        field(c, 0).label = { ...L('x'), ja: '' };
      }),
    ).toEqual([[`${F}/0/label/ja`, 'must not be empty']]);
  });
});
