import { describe, expect, it } from 'vitest';
import {
  activationDataOf,
  activationType,
  assertNotActivated,
  editedType,
  externalIdAfter,
  hiddenValuesKept,
  isUnchangedActivation,
  startTrackPoint,
  unchangedStart,
  validatedActivationFields,
} from '../../../server/rules/activation';
import { answer, BOX, common, CONFIG, CRATE, label, onField, PROJECT } from './fixtures';

const ID = 'AAAAAAAAAAAA';
const activated = { is_activated: true, barcode_type: 'box', external_id: 'PO-1' };

describe('activating a barcode', () => {
  it('happens once: an activated barcode is 3002', () => {
    expect(answer(() => assertNotActivated({ is_activated: true }))).toEqual(common(3002));
    expect(answer(() => assertNotActivated({ is_activated: false }))).toBe('passed');
  });

  it('takes a type of the project that the user type may use (2207 on barcodeType otherwise)', () => {
    expect(activationType(CONFIG, 'box', 'staff')).toBe(BOX);
    expect(activationType(CONFIG, 'crate', 'carrier')).toBe(CRATE);
    expect(answer(() => activationType(CONFIG, 'box', 'carrier'))).toEqual(onField('barcodeType', 2207));
    expect(answer(() => activationType(CONFIG, 'barrel', 'staff'))).toEqual(onField('barcodeType', 2207));
  });

  it("starts at the type's first trackpoint, or at the one named (2200 on trackPointKey when it has none such)", () => {
    expect(startTrackPoint(BOX, undefined).key).toBe('packed');
    expect(startTrackPoint(BOX, 'hub').key).toBe('hub');
    expect(answer(() => startTrackPoint(BOX, 'moon'))).toEqual(onField('trackPointKey', 2200));
    expect(answer(() => startTrackPoint({ ...BOX, trackPoints: [] }, undefined))).toEqual(
      onField('trackPointKey', 2200),
    );
  });

  it('keeps the external id given at generation unless another is sent', () => {
    expect(externalIdAfter({ externalId: 'PO-2' }, { external_id: 'PO-1' })).toBe('PO-2');
    expect(externalIdAfter({}, { external_id: 'PO-1' })).toBe('PO-1');
    expect(externalIdAfter({}, { external_id: null })).toBeNull();
  });
});

describe('editing an activation', () => {
  it('needs an activated barcode (3001)', () => {
    expect(answer(() => editedType(CONFIG, { ...activated, is_activated: false }, 'box'))).toEqual(common(3001));
    expect(answer(() => editedType(CONFIG, { ...activated, barcode_type: null }, 'box'))).toEqual(common(3001));
  });

  it('keeps the type: another one, or one gone from the configuration, is 2207 on barcodeType', () => {
    expect(editedType(CONFIG, activated, 'box')).toEqual({ key: 'box', type: BOX });
    expect(answer(() => editedType(CONFIG, activated, 'crate'))).toEqual(onField('barcodeType', 2207));
    expect(answer(() => editedType(CONFIG, { ...activated, barcode_type: 'barrel' }, 'barrel'))).toEqual(
      onField('barcodeType', 2207),
    );
  });

  it('keeps the start trackpoint: the same may be sent, another is 2205 on trackPointKey', () => {
    expect(unchangedStart(BOX, 'hub', undefined)?.key).toBe('hub');
    expect(unchangedStart(BOX, 'hub', 'hub')?.key).toBe('hub');
    expect(answer(() => unchangedStart(BOX, 'hub', 'packed'))).toEqual(onField('trackPointKey', 2205));
    expect(unchangedStart(BOX, 'gone', undefined)).toBeUndefined();
  });

  it('keeps the stored values of hidden fields, which the editor neither sees nor sends', () => {
    expect(hiddenValuesKept(BOX, { qaNotes: 'recall risk', internalCost: 1200, productName: 'Vaccine' })).toEqual({
      qaNotes: 'recall risk',
    });
    expect(hiddenValuesKept(BOX, { productName: 'Vaccine' })).toEqual({});
    expect(hiddenValuesKept(BOX, null)).toEqual({});
  });
});

describe("activation fields, validated with the renderer's compiled form", () => {
  it('compute calculations and round numbers to their precision', () => {
    expect(
      validatedActivationFields(
        PROJECT,
        'box',
        { productName: 'Vaccine', caseCount: 4.4, dosesPerCase: 10, totalDoses: 1 },
        'activation',
        ID,
      ),
    ).toEqual({ productName: 'Vaccine', caseCount: 4, dosesPerCase: 10, totalDoses: 40 });
  });

  it('answer errors under customFields.<key>; a hidden field is an unknown key (2200)', () => {
    expect(
      answer(() => validatedActivationFields(PROJECT, 'box', { caseCount: 0, qaNotes: 'peek' }, 'edit', ID)),
    ).toEqual({
      status: 400,
      errors: { 'customFields.productName': [1000], 'customFields.caseCount': [1010], 'customFields.qaNotes': [2200] },
    });
  });

  it("accept in files and signatures only this server's file URLs of the same barcode (1001)", () => {
    const withFiles = {
      ...BOX,
      activationFields: [
        { type: 'files' as const, key: 'photos', label: label('Photos'), fileKind: 'photoOnly' as const },
        { type: 'eSign' as const, key: 'signature', label: label('Signature') },
        {
          type: 'files' as const,
          key: 'sealScan',
          label: label('Seal scan'),
          fileKind: 'barcodeScanFrame' as const,
          maxCount: 1,
        },
      ],
    };
    const project = { ...PROJECT, config: { ...CONFIG, barcodeTypes: { ...CONFIG.barcodeTypes, box: withFiles } } };
    const own = `/api/barcode/file/${ID}/AAAAAAAAAAAAAAAA.png`;
    expect(
      validatedActivationFields(
        project,
        'box',
        { photos: [{ name: 'a.png', url: own }], signature: own },
        'activation',
        ID,
      ),
    ).toEqual({ photos: [{ name: 'a.png', url: own }], signature: own });
    // A scan frame's 'none' item (the code was typed, not scanned) is no URL; elsewhere it is.
    const none = [{ name: 'none', url: 'none' }];
    expect(validatedActivationFields(project, 'box', { sealScan: none }, 'activation', ID)).toEqual({ sealScan: none });
    expect(answer(() => validatedActivationFields(project, 'box', { photos: none }, 'activation', ID))).toEqual({
      status: 400,
      errors: { 'customFields.photos': [1001] },
    });
    for (const url of [
      'javascript:alert(1)',
      'https://evil.example/a.png',
      '//evil.example/a.png',
      '/api/barcode/file/BBBBBBBBBBBB/AAAAAAAAAAAAAAAA.png',
      `/api/barcode/file/${ID}/../x.png`,
    ]) {
      expect(
        answer(() =>
          validatedActivationFields(
            project,
            'box',
            { photos: [{ name: 'a.png', url }], signature: url },
            'activation',
            ID,
          ),
        ),
        url,
      ).toEqual({
        status: 400,
        errors: { 'customFields.photos': [1001], 'customFields.signature': [1001] },
      });
    }
  });

  it('answer a value that is not an object for the request as a whole (1001)', () => {
    expect(answer(() => validatedActivationFields(PROJECT, 'box', 'fields', 'activation', ID))).toEqual(common(1001));
  });
});

describe('an activation edit that changes nothing', () => {
  it('is recognised whatever the key order; any changed value, added or removed key is a change', () => {
    const stored = {
      productName: 'Vaccine',
      origin: { country: 'JPN', address1: 'A' },
      photos: [{ name: 'a', url: 'u' }],
    };
    expect(
      isUnchangedActivation(stored, {
        photos: [{ url: 'u', name: 'a' }],
        origin: { address1: 'A', country: 'JPN' },
        productName: 'Vaccine',
      }),
    ).toBe(true);
    expect(isUnchangedActivation(stored, { ...stored, productName: 'Vaccine 2' })).toBe(false);
    expect(isUnchangedActivation(stored, { ...stored, trackingNumber: 'TN-1' })).toBe(false);
    expect(isUnchangedActivation(stored, { productName: 'Vaccine' })).toBe(false);
    expect(isUnchangedActivation(null, {})).toBe(false);
  });
});

describe('stored activation data', () => {
  const body = { barcodeId: 'AAAAAAAAAAAA', barcodeType: 'box', customFields: {} };

  it('holds the custom fields, then the identifiers and the step information given', () => {
    expect(
      activationDataOf(
        { productName: 'Vaccine' },
        { ...body, trackingNumber: 'TN-1', origin: { country: 'JPN' }, weight: 12.34 },
        'PO-1',
      ),
    ).toEqual({
      productName: 'Vaccine',
      trackingNumber: 'TN-1',
      externalId: 'PO-1',
      origin: { country: 'JPN' },
      weight: 12.34,
    });
  });

  it('leaves out identifiers not given; built-in values win over custom ones of the same name', () => {
    expect(activationDataOf({ productName: 'Vaccine' }, body, null)).toEqual({ productName: 'Vaccine' });
    expect(activationDataOf({ weight: 1, externalId: 'X' }, { ...body, weight: 2 }, 'PO-1')).toEqual({
      weight: 2,
      externalId: 'PO-1',
    });
  });
});
