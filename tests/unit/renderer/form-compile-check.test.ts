import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '@schemas/project-config';
import type { CustomField } from '@schemas/custom-field';
import { checkFormsCompile } from '@renderer/form-compile-check';
import { demoConfig, text } from './fixtures';

/**
 * Every form (activation fields, each trackpoint form), as a user and as a visitor sees it, must
 * compile to a schema ajv accepts. The format refuses most such mistakes before this check runs
 * (a negative maxLength); given directly, this check still finds them and names the field.
 */
const checked = (edit: (config: ProjectConfig) => void) => {
  const config = lean();
  edit(config);
  return checkFormsCompile(config);
};
/** The demo cut down to the pallet with one activation field and one trackpoint form (the delivery form): quick to compile. */
const lean = (): ProjectConfig => {
  const config = demoConfig();
  config.barcodeTypes = { pallet: pallet(config) };
  pallet(config).activationFields = [text('productName')];
  pallet(config)
    .trackPoints.slice(0, 3)
    .forEach((point) => {
      point.trackPointForms = [];
    });
  return config;
};
const pallet = (c: ProjectConfig) => c.barcodeTypes.pallet!;
/** The fields of the pallet's delivery form (its pharmacy trackpoint). */
const delivery = (c: ProjectConfig, fields: CustomField[]) => {
  pallet(c).trackPoints[3]!.trackPointForms[0]!.customFields = fields;
};
const DELIVERY = '/barcodeTypes/pallet/trackPoints/3/trackPointForms/0/customFields';
/** A text field ajv cannot compile: a negative maximum length. */
const broken = (key: string, options: Parameters<typeof text>[1] = {}) => text(key, { ...options, maxLength: -1 });
const NEGATIVE = (key: string) =>
  `the form cannot be compiled, so it could not be filled: schema is invalid: data/properties/${key}/maxLength must be >= 0`;

describe('every form must compile, as a user and as a visitor sees it', () => {
  it('the demo configuration compiles', () => {
    expect(checkFormsCompile(demoConfig())).toEqual([]);
  });

  it('a field that breaks its form is named at its place in the form', () => {
    expect(
      checked((c) => {
        delivery(c, [text('receiverName'), text('carrier'), broken('damageNotes')]);
      }),
    ).toEqual([
      {
        pointer: `${DELIVERY}/2`,
        key: 'formDoesNotCompile',
        values: { detail: 'schema is invalid: data/properties/damageNotes/maxLength must be >= 0' },
        message: NEGATIVE('damageNotes'),
      },
    ]);
  });

  it('the first field of a form too', () => {
    expect(
      checked((c) => {
        delivery(c, [broken('receiverName'), text('damageNotes')]);
      }).map((p) => [p.pointer, p.message]),
    ).toEqual([[`${DELIVERY}/0`, NEGATIVE('receiverName')]]);
  });

  it('a form is reported once, though neither a user nor a visitor could fill it', () => {
    expect(
      checked((c) => {
        delivery(c, [broken('receiverName'), broken('damageNotes')]);
      }).map((p) => p.pointer),
    ).toEqual([`${DELIVERY}/0`]);
  });

  it('a field only users see breaks the form for users', () => {
    expect(
      checked((c) => {
        delivery(c, [text('receiverName'), broken('damageNotes', { visibility: 'visibleWhenLoggedIn' })]);
      }).map((p) => [p.pointer, p.message]),
    ).toEqual([[`${DELIVERY}/1`, NEGATIVE('damageNotes')]]);
  });

  it('a hidden field is in no form: it breaks nothing, and is passed over when looking for the field that breaks one', () => {
    expect(
      checked((c) => {
        delivery(c, [text('receiverName'), broken('damageNotes', { visibility: 'hidden' })]);
      }),
    ).toEqual([]);
    expect(
      checked((c) => {
        delivery(c, [text('note', { visibility: 'hidden' }), text('receiverName'), broken('damageNotes')]);
      }).map((p) => p.pointer),
    ).toEqual([`${DELIVERY}/2`]);
  });

  it("a form that only visitors see broken (a field key used twice, the users' field last) is named at the visitor's field", () => {
    expect(
      checked((c) => {
        delivery(c, [text('receiverName'), broken('note'), text('note', { visibility: 'visibleWhenLoggedIn' })]);
      }).map((p) => [p.pointer, p.message]),
    ).toEqual([[`${DELIVERY}/1`, NEGATIVE('note')]]);
  });

  it('a form broken by no single field (one key required twice) is named at its field list', () => {
    expect(
      checked((c) => {
        delivery(c, [text('receiverName', { required: true }), text('receiverName', { required: true })]);
      }),
    ).toEqual([
      {
        pointer: DELIVERY,
        key: 'formDoesNotCompile',
        values: {
          detail: 'schema is invalid: data/required must NOT have duplicate items (items ## 1 and 0 are identical)',
        },
        message:
          'the form cannot be compiled, so it could not be filled: schema is invalid: data/required must NOT have duplicate items (items ## 1 and 0 are identical)',
      },
    ]);
  });

  it('activation fields and trackpoint forms of every barcode type are checked, in configuration order', () => {
    expect(
      checked((c) => {
        pallet(c).activationFields.push(broken('remark'));
        delivery(c, [broken('receiverName')]);
        c.barcodeTypes.logger = demoConfig().barcodeTypes.logger!;
        c.barcodeTypes.logger.activationFields.unshift(broken('serial'));
      }).map((p) => p.pointer),
    ).toEqual(['/barcodeTypes/pallet/activationFields/1', `${DELIVERY}/0`, '/barcodeTypes/logger/activationFields/0']);
  });
});
