import type { CustomField } from '../../../schemas/custom-field';
import type { BarcodeType, ProjectConfig, TrackPoint } from '../../../schemas/project-config';
import type { Viewer } from '../../../server/rules/access';

/** A label in every language, the same text. */
export const label = (en: string) => ({ en, ja: en, 'zh-TW': en, 'zh-CN': en });

export const trackPoint = (key: string, extra: Partial<TrackPoint> = {}): TrackPoint => ({
  key,
  name: label(key),
  trackPointForms: [],
  ...extra,
});

export const ENTERPRISE = 'ent-frostline';

/** Activation fields of a box: required, calculated, a list, shown to users only, and hidden from everyone. */
export const BOX_FIELDS: CustomField[] = [
  { type: 'text', key: 'productName', label: label('Product'), required: true, maxLength: 20 },
  { type: 'number', key: 'caseCount', label: label('Cases'), min: 1, precision: 0 },
  { type: 'number', key: 'dosesPerCase', label: label('Doses per case'), precision: 0 },
  {
    type: 'calculation',
    key: 'totalDoses',
    label: label('Total doses'),
    formula: 'caseCount * dosesPerCase',
    precision: 0,
  },
  {
    type: 'multiSelect',
    key: 'handling',
    label: label('Handling'),
    options: [
      { value: 'cold', label: label('Cold') },
      { value: 'fragile', label: label('Fragile') },
    ],
  },
  { type: 'number', key: 'internalCost', label: label('Cost'), visibility: 'visibleWhenLoggedIn' },
  { type: 'text', key: 'qaNotes', label: label('QA notes'), visibility: 'hidden' },
];

/** A box travels packed > hub > delivered; packing needs both addresses and the package. */
export const BOX: BarcodeType = {
  order: 0,
  name: label('Box'),
  icon: 'package',
  color: { foreground: '#000000', background: '#ffffff' },
  userTypes: ['staff', 'client'],
  activationFields: BOX_FIELDS,
  trackPoints: [
    trackPoint('packed', { requireOrigin: true, requireDestination: true, requirePackageInfo: true }),
    trackPoint('hub', {
      trackPointForms: [
        {
          key: 'receiving',
          customFields: [
            { type: 'number', key: 'temperature', label: label('Temperature'), required: true, precision: 0 },
          ],
        },
      ],
      routeNotification: {
        subject: '{{barcodeId}} at {{trackPoint}}',
        body: '<b>{{field.productName}}</b> {{field.internalCost}}',
        mobileAlertDurationByMinutes: 60,
      },
    }),
    trackPoint('delivered'),
  ],
  trackPointRouteNotifications: {
    smsDestinations: [{ countryCode: '+81', number: '9011112222' }],
    emailDestinations: ['qa@example.com'],
  },
};

/** A crate stops at the hub, before the project's end trackpoint; carriers may use it. */
export const CRATE: BarcodeType = {
  ...BOX,
  name: label('Crate'),
  userTypes: ['carrier'],
  activationFields: [],
  trackPoints: [trackPoint('packed'), trackPoint('hub')],
  trackPointRouteNotifications: undefined,
};

export const CONFIG: ProjectConfig = {
  barcodeReaderType: 'camera',
  endTrackPointKey: 'delivered',
  requirePassword: false,
  requireOneTimePasscode: false,
  allowUserSelfRegister: true,
  showBarcodeSearchPage: true,
  showTrackingCountPage: true,
  barcodeTypes: { box: BOX, crate: CRATE },
};

/** A stored project as the rules read it. */
export const PROJECT = { code: 'demo', version: 1, enterprise_id: ENTERPRISE, config: CONFIG };

/** A login that proved only the access code, as the fixture project asks. */
export const CODE_ONLY = { password: false, oneTimePasscode: false };
export const STAFF: Viewer = { userId: 'u-staff', userType: 'staff', enterpriseId: ENTERPRISE, proven: CODE_ONLY };
export const CARRIER: Viewer = {
  userId: 'u-carrier',
  userType: 'carrier',
  enterpriseId: ENTERPRISE,
  proven: CODE_ONLY,
};
export const CLIENT: Viewer = { userId: 'u-client', userType: 'client', enterpriseId: ENTERPRISE, proven: CODE_ONLY };
export const OUTSIDER: Viewer = {
  userId: 'u-other',
  userType: 'staff',
  enterpriseId: 'ent-harbour',
  proven: CODE_ONLY,
};

/**
 * The status and error map a rule throws (`{ status, errors: { <field or $common>: [codes] } }`),
 * or 'passed' when it throws nothing: tests compare it as the client would see it.
 */
export function answer(run: () => unknown): unknown {
  try {
    run();
    return 'passed';
  } catch (error) {
    if (error && typeof error === 'object' && 'errors' in error && 'status' in error)
      return { status: error.status, errors: error.errors };
    throw error;
  }
}

/** `{ status: 400, errors: { $common: [code] } }`: the answer of a failure of the request as a whole. */
export const common = (code: number, status = 400) => ({ status, errors: { $common: [code] } });
/** `{ status: 400, errors: { [field]: [code] } }`: the answer of a failure tied to one field. */
export const onField = (field: string, code: number) => ({ status: 400, errors: { [field]: [code] } });
