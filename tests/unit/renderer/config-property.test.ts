import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import rjsfValidator from '@rjsf/validator-ajv8';
import type { CustomField } from '@schemas/custom-field';
import { FILE_KINDS, GHG_CALCULATION_TYPES, INPUT_PATTERNS } from '@schemas/field-constants';
import type { BarcodeType, ProjectConfig } from '@schemas/project-config';
import { compileForm, DEFAULT_FORM_STATE_BEHAVIOUR, FIELD_TYPE_NAMES, formsOf, SPECIAL_FIELD_NAMES } from '@renderer';
import { checkProjectConfig } from '@renderer/config-check';
import { validateFormData, validatorFor } from '@renderer/validate';
import { ErrorCode } from '@schemas/error-codes';
import { demoConfig, L } from './fixtures';

/**
 * Property: every configuration the format and the configuration check accept compiles, form by
 * form, to a schema ajv accepts; each form accepts the data it starts with (rjsf's defaults),
 * apart from required fields still to fill; and a value typed through a mask is accepted by the
 * mask's compiled pattern, whatever literal characters the mask holds.
 */

const keyArb = fc
  .stringMatching(/^[a-z][A-Za-z0-9_]{0,10}$/)
  .filter((k) => !(SPECIAL_FIELD_NAMES as readonly string[]).includes(k));
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** Mask characters: the three slots (at least one, as the schema asks), and literals of every kind (punctuation, letters, CJK, an emoji). */
const maskArb = fc
  .array(
    fc.oneof(
      fc.constantFrom('9', 'a', '*'),
      fc.constantFrom(...' !"#$%&\'()+,-./:;<=>?@[\\]^_`{|}~', 'A', 'Z', 'b', '0', 'é', '番', '😀'),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .filter((chars) => chars.some((c) => c === '9' || c === 'a' || c === '*'))
  .map((chars) => chars.join(''));

const optionsArb = fc
  .uniqueArray(keyArb, { minLength: 1, maxLength: 5 })
  .map((vs) => vs.map((value) => ({ value, label: L(value) })));

/** Any field type with options that make sense together (min <= max, a counter with a maximum, ...). */
const typePartArb = fc.oneof(
  fc
    .record({
      type: fc.constant('text' as const),
      minLength: optional(fc.nat(5)),
      maxLength: optional(fc.integer({ min: 5, max: 300 })),
      inputPattern: optional(fc.constantFrom(...INPUT_PATTERNS)),
      mask: optional(maskArb),
      multiLine: optional(fc.boolean()),
    })
    .map((f) => ({ ...f, ...(f.maxLength !== undefined ? { counter: true } : {}) })),
  fc.record({
    type: fc.constant('number' as const),
    min: optional(fc.integer({ min: -100, max: 0 })),
    max: optional(fc.integer({ min: 1, max: 1000 })),
    precision: optional(fc.nat(4)),
    decimalMode: optional(fc.constantFrom('round' as const, 'floor' as const, 'ceil' as const)),
  }),
  fc.record({
    type: fc.constant('adjustment' as const),
    sign: optional(fc.constantFrom('increase' as const, 'decrease' as const)),
    min: optional(fc.integer({ min: -10, max: 0 })),
    max: optional(fc.integer({ min: 1, max: 100 })),
  }),
  fc.record({ type: fc.constantFrom('phoneNumber' as const, 'email' as const, 'location' as const, 'eSign' as const) }),
  fc.record({
    type: fc.constant('date' as const),
    minDate: optional(fc.constant('2024-01-01')),
    maxDate: optional(fc.constant('2030-12-31')),
  }),
  fc.record({ type: fc.constant('reference' as const), referenceKey: keyArb }),
  fc.record({ type: fc.constant('singleSelect' as const), options: optionsArb }),
  optionsArb.chain((options) =>
    fc.record({
      type: fc.constant('multiSelect' as const),
      options: fc.constant(options),
      maxItems: optional(fc.integer({ min: 1, max: options.length })),
    }),
  ),
  fc.record({
    type: fc.constant('files' as const),
    fileKind: fc.constantFrom(...FILE_KINDS),
    maxCount: optional(fc.integer({ min: 1, max: 20 })),
  }),
  fc.record({ type: fc.constant('ghgEmission' as const), calculationType: fc.constantFrom(...GHG_CALCULATION_TYPES) }),
  fc.record({
    type: fc.constant('weightMeasurement' as const),
    mode: fc.constantFrom('manual' as const, 'auto' as const),
    precision: optional(fc.nat(3)),
  }),
  fc.record({ type: fc.constant('calculation' as const), formula: fc.constant('1 + 2') }),
);

const fieldsArb = fc.uniqueArray(keyArb, { maxLength: 8 }).chain((keys) =>
  fc.tuple(
    ...keys.map((key) =>
      fc
        .tuple(
          typePartArb,
          fc.record({
            required: fc.boolean(),
            visibility: fc.constantFrom(
              'visible' as const,
              'hidden' as const,
              'visibleWhenLoggedIn' as const,
              'unknown' as const,
            ),
          }),
        )
        .map(([part, extra]) => ({ key, label: L(key), ...extra, ...part }) as CustomField),
    ),
  ),
);

const strip = <T extends object>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const typeArb: fc.Arbitrary<BarcodeType> = fc
  .record({
    activationFields: fieldsArb,
    middle: fc.uniqueArray(
      keyArb.filter((k) => k !== 'end'),
      { maxLength: 2 },
    ),
    forms: fc.array(fc.array(fieldsArb, { maxLength: 2 }), { minLength: 3, maxLength: 3 }),
  })
  .map(({ activationFields, middle, forms }) => {
    const pointKeys = ['start', ...middle.filter((k) => k !== 'start'), 'end'];
    // Without the demo's gs1Mapping: it names fields of the demo pallet, not of these generated ones.
    const { gs1Mapping: _gs1Mapping, ...base } = demoConfig().barcodeTypes.pallet!;
    return strip({
      ...base,
      uiConfig: undefined,
      trackPointRouteNotifications: undefined,
      predefinedContact: undefined,
      // Which types take children depends on the other generated types: left out here (forms only).
      pairing: undefined,
      linking: undefined,
      activationFields,
      trackPoints: pointKeys.map((key, p) => ({
        key,
        name: L(key),
        trackPointForms: (forms[p] ?? []).map((customFields, f) => ({ key: `form${f}`, customFields })),
      })),
    });
  });

// Without the demo's products: their defaults name activation fields of the demo's types, not of these generated ones.
const configArb: fc.Arbitrary<ProjectConfig> = fc
  .dictionary(keyArb, typeArb, { minKeys: 1, maxKeys: 2 })
  .map((barcodeTypes) => ({
    ...demoConfig(),
    endTrackPointKey: 'end',
    barcodeTypes,
    products: undefined,
  }));

/** A value the mask accepts: a digit for 9, a letter for a, either for *, the literal itself otherwise. */
const maskedValue = (mask: string) =>
  [...mask].map((c) => (c === '9' ? '7' : c === 'a' ? 'Q' : c === '*' ? 'x' : c)).join('');

let run = 0;

describe('property: every valid configuration compiles, form by form', () => {
  it('to schemas ajv accepts, accepting their own default data and masked values', () => {
    fc.assert(
      fc.property(configArb, fc.boolean(), (config, loggedIn) => {
        // The generator makes only valid configurations: otherwise this property would test nothing.
        expect(checkProjectConfig(config)).toEqual([]);
        run += 1;
        const source = { code: `prop${run}`, version: 1, barcodeTypes: config.barcodeTypes };
        for (const [typeKey, type] of Object.entries(config.barcodeTypes)) {
          for (const configured of formsOf(typeKey, type)) {
            const form = compileForm(source, configured.ref, { language: 'en', loggedIn });
            expect(() => validatorFor(form)).not.toThrow();
            for (const key of form.uiSchema['ui:order'])
              expect(FIELD_TYPE_NAMES).toContain((form.uiSchema[key] as { 'ui:field': string })['ui:field']);
            // rjsf's markdown is plain text in this app (src/shared/forms/plain-text-markdown.ts).
            expect(JSON.stringify(form.uiSchema)).not.toMatch(/enableMarkdown/);

            const defaults = getDefaultFormState(
              rjsfValidator,
              form.schema as RJSFSchema,
              {},
              form.schema as RJSFSchema,
              false,
              DEFAULT_FORM_STATE_BEHAVIOUR,
            ) as Record<string, unknown>;
            const { errors } = validateFormData(form, defaults);
            for (const [key, codes] of Object.entries(errors)) {
              expect({ key, codes, required: form.schema.required.includes(key) }).toEqual({
                key,
                codes: [ErrorCode.emptyField],
                required: true,
              });
            }

            const masked = form.fields.filter(
              (f): f is Extract<CustomField, { type: 'text' }> =>
                f.type === 'text' && f.mask !== undefined && f.inputPattern === undefined,
            );
            const sample = Object.fromEntries(masked.map((f) => [f.key, maskedValue(f.mask as string)]));
            const maskErrors = validateFormData(form, sample).errors;
            for (const f of masked) {
              const length = [...(sample[f.key] as string)].length;
              if ((f.minLength ?? 0) <= length && length <= (f.maxLength ?? Infinity))
                expect(maskErrors[f.key]).toBeUndefined();
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  }, 120_000);
});
