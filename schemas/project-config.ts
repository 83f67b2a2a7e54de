import { Type, type Static } from 'typebox';
import { LocalizedText } from './common';

/**
 * The project configuration that admins edit as JSON (stored in `projects.config`). Entity names
 * follow spec section 3. Field definitions are kept open here (extra options are allowed); the
 * renderer issue tightens each custom field type's options.
 */

export const ICON_KINDS = [
  'node', 'leaf', 'orphan', 'vaccine', 'truck', 'container', 'timetable', 'inventory', 'warehouse',
  'rack', 'forklift', 'packages', 'package', 'paper', 'person', 'train', 'ship', 'airplane',
] as const;

export const CUSTOM_FIELD_TYPES = [
  'text', 'number', 'adjustment', 'phoneNumber', 'date', 'email', 'reference', 'singleSelect',
  'multiSelect', 'calculation', 'location', 'eSign', 'files', 'ghgEmission', 'weightMeasurement',
] as const;

export const FIELD_VISIBILITIES = ['visible', 'hidden', 'visibleWhenLoggedIn', 'unknown'] as const;

export const USER_TYPES = ['staff', 'carrier', 'client'] as const;
export type UserType = (typeof USER_TYPES)[number];

const key = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$', description: 'Identifier: a letter, then letters, digits or _.' });

export const CustomField = Type.Object(
  {
    key,
    type: Type.Enum(CUSTOM_FIELD_TYPES),
    label: LocalizedText,
    required: Type.Optional(Type.Boolean()),
    visibility: Type.Optional(Type.Enum(FIELD_VISIBILITIES)),
    order: Type.Optional(Type.Integer()),
  },
  { additionalProperties: true },
);
export type CustomField = Static<typeof CustomField>;

const Contact = Type.Object({ name: Type.String(), number: Type.String(), countryCode: Type.String() });

export const TrackPointForm = Type.Object({
  key,
  name: Type.Optional(LocalizedText),
  customFields: Type.Array(CustomField),
});

export const TrackPoint = Type.Object(
  {
    key,
    name: LocalizedText,
    trackPointForms: Type.Array(TrackPointForm),
    requireOrigin: Type.Optional(Type.Boolean()),
    requireDestination: Type.Optional(Type.Boolean()),
    requirePackageInfo: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

export const BarcodeType = Type.Object(
  {
    order: Type.Integer(),
    name: LocalizedText,
    icon: Type.Enum(ICON_KINDS),
    color: Type.Object({
      foreground: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
      background: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
    }),
    userTypes: Type.Array(Type.Enum(USER_TYPES), { minItems: 1 }),
    activationFields: Type.Array(CustomField),
    uiConfig: Type.Optional(Type.Object({ listViewTitleLabelField: Type.Optional(Type.String()) })),
    trackPointRouteNotifications: Type.Optional(
      Type.Object({
        smsDestinations: Type.Array(Type.Object({ countryCode: Type.String(), number: Type.String() })),
        emailDestinations: Type.Array(Type.String({ format: 'email' })),
      }),
    ),
    predefinedContact: Type.Optional(
      Type.Object({ numberContacts: Type.Array(Contact), emails: Type.Array(Type.String({ format: 'email' })) }),
    ),
    trackPoints: Type.Array(TrackPoint, { minItems: 1 }),
  },
  { additionalProperties: true },
);
export type BarcodeType = Static<typeof BarcodeType>;

export const CameraFeatures = Type.Object({
  bulkCameraScanResultSetting: Type.Object({
    isEnable: Type.Boolean(),
    delimiter: Type.Array(Type.String({ minLength: 1, maxLength: 4 }), { minItems: 1 }),
  }),
});

/** Home and login flags plus project-wide settings (spec section 3). */
export const ProjectSettings = Type.Object({
  barcodeReaderType: Type.Union([Type.Literal('camera'), Type.Literal('commercial')]),
  endTrackPointKey: Type.String(),
  requirePassword: Type.Boolean(),
  requireOneTimePasscode: Type.Boolean(),
  allowUserSelfRegister: Type.Boolean(),
  showBarcodeSearchPage: Type.Boolean(),
  showTrackingCountPage: Type.Boolean(),
  googleAnalyticsMeasurementId: Type.Optional(Type.String({ pattern: '^G-[A-Z0-9]{4,16}$' })),
  timeBetweenScansMillis: Type.Optional(Type.Integer({ minimum: 0, maximum: 60000 })),
  cameraFeatures: Type.Optional(CameraFeatures),
});

export const ProjectConfig = Type.Object({
  ...ProjectSettings.properties,
  barcodeTypes: Type.Record(key, BarcodeType),
});
export type ProjectConfig = Static<typeof ProjectConfig>;
