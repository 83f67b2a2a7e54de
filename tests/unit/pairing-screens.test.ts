import { describe, expect, it } from 'vitest';
import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import { detailActions, relationActions } from '@/features/barcode-detail/model/detail-actions';
import { newEntries, scannedReference, splitScans } from '@/shared/scan-list/scan-list';
import { totalFieldsOf } from '@/features/pairing/model/totals';
import { isAccepted, listSignature } from '@/features/pairing/model/verdict';
import { createStore } from '@/shared/ui/store';
import { deliverClaimedScan, scanClaims } from '@/shared/ui/scan-claims';
import demo from '../../server/projects/demo@1.json';

const all = { canEdit: true };
const project = {
  ...demo,
  id: 'p',
  code: 'demo',
  name: 'Demo',
  version: 1,
  projectPermission: { generateBarcodePermission: all, activateBarcodePermission: all, addTrackingPermission: all },
} as unknown as Project;
const hierarchy = {
  parentId: null,
  ancestorIds: [],
  childrenCount: 0,
  maxChildren: 24,
  linkToCount: 0,
  beLinkedCount: 0,
  maxLinks: 4,
};
const barcode = (over: Partial<Barcode> = {}): Barcode => ({
  id: 'AAAAAAAAAAAA',
  barcodeType: 'pallet',
  isActivated: true,
  isDeactivated: false,
  currentTrackPointKey: 'manufacturer',
  projectId: 'p',
  projectCode: 'demo',
  projectVersion: 1,
  externalId: null,
  trackingNumber: null,
  activationData: {},
  hierarchy,
  relationActions: { pair: { code: null }, unpair: { code: 3026 }, link: { code: null } },
  ...over,
});

describe('what a scanned or typed entry names', () => {
  it('reads the barcode id out of a URL of this product on any host, else keeps the trimmed code', () => {
    expect(scannedReference(' https://labels.example.com/demo@1/qrcode/AbCdEf123456 ')).toBe('AbCdEf123456');
    expect(scannedReference('http://other.example/x/demo@2/qrcode/AbCdEf123456')).toBe('AbCdEf123456');
    // Not this product's pattern, or not an id: the text itself (looked up as an external id).
    expect(scannedReference('https://labels.example.com/demo@1/other/AbCdEf123456')).toBe(
      'https://labels.example.com/demo@1/other/AbCdEf123456',
    );
    expect(scannedReference('https://labels.example.com/demo@1/qrcode/short')).toBe(
      'https://labels.example.com/demo@1/qrcode/short',
    );
    expect(scannedReference('  CASE-A1 ')).toBe('CASE-A1');
    expect(scannedReference('   ')).toBeNull();
  });

  it('splits a bulk answer on every project delimiter and new lines, dropping empty parts', () => {
    expect(splitScans('A1,B2;C3\nD4,,', [',', ';'])).toEqual(['A1', 'B2', 'C3', 'D4']);
    expect(splitScans(' ', [','])).toEqual([]);
  });

  it('gives each entry its own key; barcode ids need no lookup, codes do', () => {
    const [id, code] = newEntries(['AbCdEf123456', 'CASE-A1', '']);
    expect(id).toMatchObject({ reference: 'AbCdEf123456', id: 'AbCdEf123456' });
    expect(code).toMatchObject({ reference: 'CASE-A1', id: null });
    expect(id!.key).not.toBe(code!.key);
    expect(newEntries(['AbCdEf123456'])[0]!.key).not.toBe(id!.key);
  });

  it('accepts only entries the dry run cleared; a verdict holds for exactly its list', () => {
    expect(isAccepted({ id: 'x', code: null, barcodeType: null, externalId: null })).toBe(true);
    expect(isAccepted({ id: 'x', code: 3017, barcodeType: null, externalId: null })).toBe(false);
    expect(isAccepted(undefined)).toBe(false);
    expect(listSignature(['a', 'b'])).not.toBe(listSignature(['b', 'a']));
  });
});

describe('trigger scans claimed by a screen', () => {
  it('go to the claiming screen instead of the wedge listener, and back once released', () => {
    const got: string[] = [];
    expect(deliverClaimedScan('X1')).toBe(false);
    const claim = (text: string) => got.push(text);
    scanClaims.set(() => claim);
    expect(deliverClaimedScan('X2')).toBe(true);
    scanClaims.set(null);
    expect(deliverClaimedScan('X3')).toBe(false);
    expect(got).toEqual(['X2']);
    // The store calls a function given to set() as an updater: claims must be wrapped.
    const store = createStore<number>(1);
    store.set((n) => n + 1);
    expect(store.get()).toBe(2);
  });
});

describe('pair, unpair and link on the detail page', () => {
  it('offers pairing where the type takes children, unpairing where there are children, linking where the type is linkable', () => {
    expect(relationActions(barcode()).map((a) => a.name)).toEqual(['pair', 'linkTo', 'beLinked']);
    expect(relationActions(barcode({ hierarchy: { ...hierarchy, childrenCount: 2 } })).map((a) => a.name)).toEqual([
      'pair',
      'unpair',
      'linkTo',
      'beLinked',
    ]);
    expect(relationActions(barcode({ hierarchy: { ...hierarchy, maxChildren: 0, maxLinks: 0 } }))).toEqual([]);
  });

  it("disables them with the server's reason, and offers none to users outside the enterprise", () => {
    const prohibited = barcode({
      hierarchy: { ...hierarchy, childrenCount: 1 },
      relationActions: { pair: { code: 3021 }, unpair: { code: 3023 }, link: { code: 3080 } },
    });
    expect(relationActions(prohibited)).toEqual([
      { name: 'pair', enabled: false, disabledCode: 3021 },
      { name: 'unpair', enabled: false, disabledCode: 3023 },
      { name: 'linkTo', enabled: false, disabledCode: 3080 },
      { name: 'beLinked', enabled: false, disabledCode: 3080 },
    ]);
    const { relationActions: _omitted, ...outsider } = barcode();
    expect(relationActions(outsider)).toEqual([]);
    expect(detailActions(project, barcode(), false).map((a) => a.name)).toEqual(['trace', 'children']);
    expect(detailActions(project, barcode(), true).map((a) => a.name)).toContain('pair');
  });
});

describe('totals over the children', () => {
  it("offers the fields of the parent's child types, numeric first; none for a type that takes no children", () => {
    const withNumbers = {
      ...project,
      barcodeTypes: {
        ...project.barcodeTypes,
        case: {
          ...project.barcodeTypes.case!,
          activationFields: [
            ...project.barcodeTypes.case!.activationFields,
            { key: 'doses', type: 'number', label: { en: 'Doses' } },
          ],
        },
      },
    } as unknown as Project;
    const fields = totalFieldsOf(withNumbers, withNumbers.barcodeTypes.pallet, 'en');
    expect(fields[0]).toEqual({ key: 'doses', label: 'Doses' });
    expect(fields.map((f) => f.key)).toContain('lotNumber');
    expect(totalFieldsOf(project, project.barcodeTypes.logger, 'en')).toEqual([]);
  });
});
