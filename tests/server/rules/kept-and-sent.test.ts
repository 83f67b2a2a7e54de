import { describe, expect, it } from 'vitest';
import type { BarcodeType } from '../../../schemas/project-config';
import { activationDataOf, hiddenValuesKept } from '../../../server/rules/activation';
import { templateValues, fillTemplate } from '../../../server/rules/message-template';
import { arrivalNotification } from '../../../server/rules/notifications';
import { assertStepInfoWellFormed, stepInfo } from '../../../server/rules/step-info';
import { validatedTrackPointForms } from '../../../server/rules/tracking';
import { answer, BOX, label, PROJECT, trackPoint } from './fixtures';

/** What a write keeps and what a message carries: exactly these keys, no key holding `undefined`. */
const keys = (value: object) => Object.keys(value).sort();
const BARCODE = 'AAAAAAAAAAAA';

describe('what an activation stores', () => {
  it('an edit keeps only hidden values that are stored (no key for a missing one)', () => {
    expect(keys(hiddenValuesKept(BOX, { productName: 'Vaccine' }))).toEqual([]);
    expect(hiddenValuesKept(BOX, { qaNotes: 'recall' })).toStrictEqual({ qaNotes: 'recall' });
  });

  it('the tracking number only when one was sent', () => {
    const body = { barcodeId: BARCODE, barcodeType: 'box', customFields: {} };
    expect(keys(activationDataOf({ productName: 'Vaccine' }, body, null))).toEqual(['productName']);
    expect(activationDataOf({}, { ...body, trackingNumber: '' }, null)).toStrictEqual({ trackingNumber: '' });
  });

  it('only the addresses and package parts that were sent', () => {
    expect(keys(stepInfo({ weight: 0 }))).toEqual(['weight']);
    expect(keys(stepInfo({}))).toEqual([]);
  });
});

describe('package sizes are the sizes only', () => {
  it('an identifier sent inside dimension is an unknown key (2200)', () => {
    expect(
      answer(() =>
        assertStepInfoWellFormed(
          { dimension: { depth: 1, width: 1, height: 1, trackingNumber: 'x' }, weight: 1 },
          'tracking',
        ),
      ),
    ).toEqual({ status: 400, errors: { 'dimension.trackingNumber': [2200] } });
  });

  it('an address is checked as an address at every stage', () => {
    expect(answer(() => assertStepInfoWellFormed({ destination: { country: 'JPN' } }, 'tracking'))).toEqual({
      status: 400,
      errors: { 'destination.address1': [1000] },
    });
    expect(
      answer(() => assertStepInfoWellFormed({ destination: { country: 'JPN', address1: 'x', depth: 1 } }, 'tracking')),
    ).toEqual({ status: 400, errors: { 'destination.depth': [2200] } });
  });
});

describe('files in tracking forms', () => {
  const point = trackPoint('hub', {
    trackPointForms: [{ key: 'proof', customFields: [{ type: 'eSign', key: 'sign', label: label('Sign') }] }],
  });
  const type: BarcodeType = { ...BOX, trackPoints: [trackPoint('packed'), point] };
  const project = { ...PROJECT, config: { ...PROJECT.config, barcodeTypes: { box: type } } };

  it("must be the barcode's own uploads (1001 under forms.<form>.<field>)", () => {
    const own = `/api/barcode/file/${BARCODE}/abcdefghijklmnop.png`;
    const foreign = '/api/barcode/file/BBBBBBBBBBBB/abcdefghijklmnop.png';
    expect(validatedTrackPointForms(project, 'box', point, { proof: { sign: own } }, BARCODE)).toEqual({
      proof: { sign: own },
    });
    expect(
      answer(() => validatedTrackPointForms(project, 'box', point, { proof: { sign: foreign } }, BARCODE)),
    ).toEqual({ status: 400, errors: { 'forms.proof.sign': [1001] } });
  });
});

describe('messages', () => {
  const barcode = { id: BARCODE, external_id: null, tracking_number: null, barcode_type: null, activation_data: null };

  it('an unknown type or trackpoint is named by nothing, not by a placeholder', () => {
    expect(templateValues(PROJECT, barcode, undefined)).toStrictEqual({
      barcodeId: BARCODE,
      externalId: '',
      trackingNumber: '',
      barcodeType: '',
      trackPoint: '',
      trackPointKey: '',
    });
  });

  it('an SMS subject is plain text: its values are not HTML-escaped, the body is', () => {
    const point = trackPoint('hub', {
      routeNotification: { subject: '{{field.productName}}', body: '{{field.productName}}' },
    });
    const notification = arrivalNotification(
      PROJECT,
      { ...barcode, barcode_type: 'box', activation_data: { productName: 'A & B' } },
      point,
    );
    expect(notification).toMatchObject({ subject: 'A & B', body: 'A &amp; B' });
  });

  it('empty parts of a list or an address leave no stray commas or spaces', () => {
    const values = templateValues(
      PROJECT,
      {
        ...barcode,
        barcode_type: 'box',
        activation_data: {
          handling: ['cold', '', null, 'fragile'],
          origin: { address1: '1-1 Umeda', address2: '', prefecture: null, country: 'JPN' },
        },
      },
      undefined,
    );
    expect(values['field.handling']).toBe('cold, fragile');
    expect(values['field.origin']).toBe('1-1 Umeda JPN');
    expect(fillTemplate('[{{field.handling}}]', { 'field.handling': '' }, false)).toBe('[]');
  });

  it('a barcode of a type no longer configured has no destinations', () => {
    const point = trackPoint('hub', { routeNotification: { subject: 's', body: 'b' } });
    expect(arrivalNotification(PROJECT, { ...barcode, barcode_type: 'barrel' }, point)).toMatchObject({
      emails: [],
      phones: [],
    });
  });
});
