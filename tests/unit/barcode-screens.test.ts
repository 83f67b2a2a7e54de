import { describe, expect, it } from 'vitest';
import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { CustomField } from '@schemas/custom-field';
import type { TrackPoint } from '@schemas/project-config';
import { isAlertShown } from '@/features/barcode-detail/model/alert-rule';
import { detailActions, splitByRole } from '@/features/barcode-detail/model/detail-actions';
import { shownValue } from '@renderer';
import { packageDataOf, productPick, splitPackageData } from '@/features/activation/model/activation-draft';
import { trackSteps } from '@/shared/barcode/track-steps';
import { barcodeQuery } from '@/shared/api/barcode';
import { toAddress } from '@/shared/barcode/step-data';
import { COUNTRY_CODES } from '@schemas/countries';
import demo from '../../server/projects/demo@1.json';

const permission = (generate: boolean, activate: boolean, track: boolean) => ({
  generateBarcodePermission: { canEdit: generate },
  activateBarcodePermission: { canEdit: activate },
  addTrackingPermission: { canEdit: track },
});
const project = (perm = permission(true, true, true)) =>
  ({ ...demo, id: 'p', code: 'demo', name: 'Demo', version: 1, projectPermission: perm }) as unknown as Project;
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
  hierarchy: {
    parentId: null,
    ancestorIds: [],
    childrenCount: 0,
    maxChildren: 0,
    linkToCount: 0,
    beLinkedCount: 0,
    maxLinks: 0,
  },
  ...over,
});
const names = (actions: { name: string }[]) => actions.map((a) => a.name);

describe('detail actions by barcode state and permission', () => {
  it('offers a visitor only the open screens', () => {
    expect(names(detailActions(project(), barcode(), false))).toEqual(['trace', 'children']);
  });

  it('offers activation for a new barcode, disabled with the reason without the permission', () => {
    const fresh = barcode({ isActivated: false, barcodeType: null, currentTrackPointKey: null });
    expect(detailActions(project(), fresh, true)[0]).toEqual({ name: 'activate', enabled: true });
    expect(detailActions(project(permission(true, false, true)), fresh, true)[0]).toEqual({
      name: 'activate',
      enabled: false,
      disabledReason: 'noActivatePermission',
    });
  });

  it('offers tracking and editing on the way, undo once past the start, recycle only at the end', () => {
    // manufacturer -> distribution centre, which allows skipping (demo@1): bulk tracking and bulk skip.
    expect(names(detailActions(project(), barcode(), true))).toEqual([
      'track',
      'edit',
      'history',
      'scannedBarcodes',
      'bulkTracking',
      'bulkSkipTracking',
      'trace',
      'children',
    ]);
    // distribution centre -> carrier does not allow skipping.
    expect(names(detailActions(project(), barcode({ currentTrackPointKey: 'distributionCentre' }), true))).toEqual([
      'track',
      'edit',
      'undo',
      'history',
      'scannedBarcodes',
      'bulkTracking',
      'trace',
      'children',
    ]);
    const atEnd = detailActions(project(), barcode({ currentTrackPointKey: 'pharmacy' }), true);
    expect(atEnd[0]).toEqual({ name: 'track', enabled: false, disabledReason: 'atEnd' });
    expect(names(atEnd)).toEqual(expect.arrayContaining(['recycle', 'bulkRecycle']));
    expect(names(atEnd)).not.toContain('bulkTracking');
  });

  it('offers stock in while not in stock and stock out while in stock, only to users the server tells the stock to', () => {
    const location = {
      id: '00000000-0000-4000-8000-000000000001',
      code: 'B1',
      kind: 'bin' as const,
      name: { en: 'B', ja: 'B', 'zh-TW': 'B', 'zh-CN': 'B' },
      path: [],
    };
    expect(names(detailActions(project(), barcode(), true))).not.toContain('stockIn');
    expect(names(detailActions(project(), barcode({ stock: null }), true))).toContain('stockIn');
    const stocked = detailActions(
      project(),
      barcode({ stock: { location, since: '2026-11-23T10:00:00Z', trackPointKey: 'manufacturer' } }),
      true,
    );
    expect(names(stocked)).toContain('stockOut');
    expect(names(stocked)).not.toContain('stockIn');
    expect(
      detailActions(project(permission(true, true, false)), barcode({ stock: null }), true).find(
        (a) => a.name === 'stockIn',
      ),
    ).toEqual({ name: 'stockIn', enabled: false, disabledReason: 'noTrackingPermission' });
    expect(
      detailActions(project(permission(true, true, false)), barcode(), true).find((a) => a.name === 'bulkTracking'),
    ).toEqual({ name: 'bulkTracking', enabled: false, disabledReason: 'noTrackingPermission' });
  });

  it("gathers what the viewer's role may not do apart from the buttons; the barcode's own reasons stay on them", () => {
    const relationActions = {
      pair: { code: 403 },
      unpair: { code: 403 },
      link: { code: 3021 },
    } as unknown as Barcode['relationActions'];
    const hierarchy = { ...barcode().hierarchy, maxChildren: 24, maxLinks: 2, childrenCount: 0 };
    const { shown, notForRole } = splitByRole(
      detailActions(project(permission(true, false, false)), barcode({ relationActions, hierarchy }), true),
    );
    expect(notForRole.map((a) => a.name)).toEqual(['track', 'edit', 'pair', 'bulkTracking', 'bulkSkipTracking']);
    expect(shown.every((a) => a.enabled || a.disabledCode === 3021)).toBe(true);
    expect(shown.filter((a) => !a.enabled).map((a) => a.name)).toEqual(['linkTo', 'beLinked']);
    // A deactivated barcode says so on its buttons, whatever the role.
    expect(splitByRole(detailActions(project(), barcode({ isDeactivated: true }), true)).notForRole).toEqual([]);
  });

  it('says why tracking is disabled: no permission, or a deactivated barcode', () => {
    expect(detailActions(project(permission(true, true, false)), barcode(), true)[0]).toMatchObject({
      enabled: false,
      disabledReason: 'noTrackingPermission',
    });
    expect(
      detailActions(project(), barcode({ isDeactivated: true }), true)
        .filter((a) => a.enabled)
        .map((a) => a.name),
    ).toEqual(['history', 'scannedBarcodes', 'trace', 'children']);
  });
});

describe('alert display rule', () => {
  const at = '2026-11-21T10:00:00Z';
  it('shows an alert from its displayed time on, for its duration when it has one', () => {
    expect(
      isAlertShown({ displayedDateTime: at, mobileAlertDurationByMinutes: null }, new Date('2026-11-21T09:59:59Z')),
    ).toBe(false);
    expect(
      isAlertShown({ displayedDateTime: at, mobileAlertDurationByMinutes: null }, new Date('2027-01-01T00:00:00Z')),
    ).toBe(true);
    expect(
      isAlertShown({ displayedDateTime: at, mobileAlertDurationByMinutes: 30 }, new Date('2026-11-21T10:29:59Z')),
    ).toBe(true);
    expect(
      isAlertShown({ displayedDateTime: at, mobileAlertDurationByMinutes: 30 }, new Date('2026-11-21T10:30:00Z')),
    ).toBe(false);
    expect(isAlertShown({ displayedDateTime: 'not a date', mobileAlertDurationByMinutes: null }, new Date())).toBe(
      false,
    );
  });
});

describe('stored values on the detail page', () => {
  const field = (f: object) => f as CustomField;
  it('shows dates as YYYY/MM/DD, option labels in the language, units, adjustments and files', () => {
    expect(shownValue(field({ type: 'date', key: 'd' }), '2027-03-31', 'en')).toEqual({
      kind: 'text',
      text: '2027/03/31',
    });
    const select = field({
      type: 'multiSelect',
      key: 's',
      options: [
        { value: 'a', label: { en: 'Fragile', ja: '割れ物' } },
        { value: 'b', label: { en: 'Upright', ja: '天地無用' } },
      ],
    });
    expect(shownValue(select, ['a', 'b'], 'ja')).toEqual({ kind: 'text', text: '割れ物, 天地無用' });
    expect(shownValue(field({ type: 'number', key: 'n', unitPrefix: '¥' }), 1200, 'en')).toEqual({
      kind: 'text',
      text: '¥1200',
    });
    expect(
      shownValue(field({ type: 'adjustment', key: 'q', unitSuffix: 'cases' }), { type: 'decrease', value: 3 }, 'en'),
    ).toEqual({ kind: 'text', text: '−3 cases' });
    expect(shownValue(field({ type: 'files', key: 'f' }), [{ name: 'a.png', url: '/api/x' }], 'en')).toEqual({
      kind: 'files',
      files: [{ name: 'a.png', url: '/api/x' }],
    });
    expect(shownValue(field({ type: 'text', key: 't' }), '', 'en')).toEqual({ kind: 'empty' });
  });
});

// Notification HTML sanitising is tested in Chromium (e2e/alerts-xss.spec.ts): DOMPurify
// needs a real browser DOM, and happy-dom's lets payloads through.

describe('activation and tracking data', () => {
  it('splits the package step into dimension, weight, identifiers and custom fields', () => {
    expect(
      splitPackageData({
        depth: 60,
        width: 40,
        height: 30,
        weight: 12.5,
        externalId: ' CASE-1 ',
        trackingNumber: '',
        productName: 'Vaccine',
        lot: undefined,
      }),
    ).toEqual({
      dimension: { depth: 60, width: 40, height: 30 },
      weight: 12.5,
      externalId: 'CASE-1',
      trackingNumber: undefined,
      customFields: { productName: 'Vaccine' },
    });
    expect(splitPackageData({ depth: 60 }).dimension).toBeUndefined();
    expect(
      packageDataOf({ dimension: { depth: 1, width: 2, height: 3 }, origin: {}, weight: 4, productName: 'V' }),
    ).toEqual({ depth: 1, width: 2, height: 3, weight: 4, productName: 'V' });
  });

  it('sends an address only when something was entered, without empty parts', () => {
    expect(toAddress({ companyName: '', country: undefined })).toBeUndefined();
    expect(toAddress({ companyName: '', country: 'JPN', address1: '1-1 Umeda', other: 'x' })).toEqual({
      country: 'JPN',
      address1: '1-1 Umeda',
    });
  });

  it("tracks a trackpoint's forms, then the addresses and package it requires", () => {
    const point = {
      key: 'p',
      name: { en: 'P' },
      trackPointForms: [
        { key: 'a', customFields: [] },
        { key: 'b', customFields: [] },
      ],
      requireDestination: true,
      requirePackageInfo: true,
    } as unknown as TrackPoint;
    expect(trackSteps(point)).toEqual([
      { kind: 'form', key: 'a' },
      { kind: 'form', key: 'b' },
      { kind: 'destination' },
      { kind: 'package' },
    ]);
    expect(trackSteps({ ...point, trackPointForms: [], requireDestination: false, requirePackageInfo: false })).toEqual(
      [{ kind: 'form', key: '' }],
    );
  });

  it("looks a barcode up by external id when the route's id holds '='", () => {
    expect(barcodeQuery('demo', 'AAAAAAAAAAAA')).toEqual({ id: 'AAAAAAAAAAAA' });
    expect(barcodeQuery('demo', 'externalId=PO-1&trackingNumber=T 9')).toEqual({
      projectCode: 'demo',
      externalId: 'PO-1',
      trackingNumber: 'T 9',
    });
  });

  it('lists 249 distinct ISO alpha-3 countries, JPN, USA and CHN first', () => {
    expect(COUNTRY_CODES.slice(0, 3)).toEqual(['JPN', 'USA', 'CHN']);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{3}$/.test(c))).toBe(true);
  });
});

describe('picking a product', () => {
  const draft = {
    barcodeType: 'pallet',
    trackPointKey: 'manufacturer',
    origin: {},
    destination: {},
    packageData: { lotNumber: 'L1' },
  };
  const product = {
    code: 'FLU',
    name: { en: 'Flu', ja: 'Flu', 'zh-TW': 'Flu', 'zh-CN': 'Flu' },
    defaults: { productName: 'Flu' },
  };

  it("chooses its package type, so the type step can go on, and forgets the old type's trackpoint", () => {
    expect(productPick(draft, { ...product, barcodeType: 'case' }, project(), 'client')).toEqual({
      productCode: 'FLU',
      packageData: { lotNumber: 'L1', productName: 'Flu' },
      barcodeType: 'case',
      trackPointKey: undefined,
    });
    expect(productPick(draft, { ...product, barcodeType: 'pallet' }, project(), 'client').trackPointKey).toBe(
      'manufacturer',
    );
  });

  it('leaves the type to the user where the product sets none, or one the user may not activate', () => {
    expect(productPick(draft, product, project(), 'client')).toEqual({
      productCode: 'FLU',
      packageData: { lotNumber: 'L1', productName: 'Flu' },
    });
    expect(productPick(draft, { ...product, barcodeType: 'logger' }, project(), 'client')).not.toHaveProperty(
      'barcodeType',
    );
    expect(productPick(draft, { ...product, barcodeType: 'toString' }, project(), 'client')).not.toHaveProperty(
      'barcodeType',
    );
  });
});
