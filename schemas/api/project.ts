import { Type, type Static } from 'typebox';
import { envelope, Id } from '../common';
import { ProjectSettings, type BarcodeType } from '../project-config';
import { PROJECT_CODE_PATTERN } from '../validation';

/** GET /barcode/project: by code (optionally with version) or by id. */
export const ProjectQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ pattern: PROJECT_CODE_PATTERN })),
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ProjectQuery = Static<typeof ProjectQuery>;

const Permission = Type.Object({ canEdit: Type.Boolean() });

/** What the requesting user may do in this project: generate barcodes, activate them, add tracking, recall. */
export const ProjectPermission = Type.Object({
  generateBarcodePermission: Permission,
  activateBarcodePermission: Permission,
  addTrackingPermission: Permission,
  /** Trace lots, products and barcodes forward and back and export them (docs/admins/recall.md); absent means no. */
  recallPermission: Type.Optional(Permission),
});
export type ProjectPermission = Static<typeof ProjectPermission>;

export const Project = Type.Object({
  id: Id,
  code: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  /** The configuration revision in service: an in-place publish raises it; absent means 1 (servers without revisions). */
  revision: Type.Optional(Type.Integer({ minimum: 1 })),
  enterpriseId: Id,
  enterpriseName: Type.String(),
  customLogoImageUrl: Type.Union([Type.String(), Type.Null()]),
  barcodeReaderLicenseKey: Type.Union([Type.String(), Type.Null()]),
  projectPermission: ProjectPermission,
  /**
   * True when the requester is logged in to another project of this enterprise whose login asked
   * less than this one (a password or a one-time code): they must log in to this project to act in
   * it. Absent otherwise.
   */
  loginForProjectNeeded: Type.Optional(Type.Boolean()),
  ...ProjectSettings.properties,
  // Validated when the configuration is imported; described loosely here so serialising the
  // response does not re-check every field definition on every request.
  barcodeTypes: Type.Unsafe<Record<string, BarcodeType>>(
    Type.Record(Type.String(), Type.Object({}, { additionalProperties: true })),
  ),
});
export type Project = Static<typeof Project>;

export const ProjectResponse = envelope(Project);

/** GET /barcode/project-html: the project's custom page (sanitised, per language), or null when it has none. */
export const CustomPageResponse = envelope(
  Type.Object({
    html: Type.Union([
      Type.Object({ en: Type.String(), ja: Type.String(), 'zh-TW': Type.String(), 'zh-CN': Type.String() }),
      Type.Null(),
    ]),
  }),
);
export type CustomPage = Static<typeof CustomPageResponse>['data'];

/** GET /barcode/project-manifest: the project's web app manifest, so each project installs as an app of its own. */
export const ManifestIcon = Type.Object({
  src: Type.String(),
  /** Absent for a bitmap logo of unknown size. */
  sizes: Type.Optional(Type.String()),
  type: Type.String(),
  purpose: Type.String(),
});
export const WebManifest = Type.Object({
  id: Type.String(),
  name: Type.String(),
  short_name: Type.String(),
  start_url: Type.String(),
  scope: Type.String(),
  display: Type.Literal('standalone'),
  theme_color: Type.String(),
  background_color: Type.String(),
  icons: Type.Array(ManifestIcon),
});
export type WebManifest = Static<typeof WebManifest>;
