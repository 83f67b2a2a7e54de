import { Type, type Static } from 'typebox';
import { envelope, Id, NameText } from '../common';
import { LANGUAGES } from '../languages';
import { USER_TYPES } from '../project-config';
import {
  ACCESS_CODE_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PATTERN,
  PROJECT_CODE_PATTERN,
  UUID_PATTERN_SOURCE,
} from '../validation';

/**
 * The admin area's API (docs/engineers/architecture.md): this server's own; the phone client never
 * calls it, so another server behind the client need not offer it.
 */

/** 3 to 64 of a-z, 0-9, '.', '_', '-' (server/rules/admin-access.ts ADMIN_LOGIN_PATTERN). */
export const AdminLogin = Type.String({ pattern: '^[a-z0-9][a-z0-9._-]{2,63}$' });

/** POST /admin/session. */
export const AdminLoginBody = Type.Object(
  { login: AdminLogin, password: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type AdminLoginBody = Static<typeof AdminLoginBody>;

export const AdminRole = Type.Union([Type.Literal('enterprise'), Type.Literal('project')]);

/** The logged-in admin (GET /admin/me). */
export const Admin = Type.Object({
  id: Id,
  login: Type.String(),
  name: Type.String(),
  role: AdminRole,
  enterpriseId: Id,
  enterpriseName: Type.String(),
  /** The project codes a project admin manages; empty for an enterprise admin. */
  projectCodes: Type.Array(Type.String()),
});
export type Admin = Static<typeof Admin>;
export const AdminResponse = envelope(Admin);

/** Paging of every admin list: skip and count, the same paging as a barcode's history (GET /barcode/history). */
export const Paging = {
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

/** GET /admin/audit-log: filters, all optional. `action` matches a prefix ('user.' = every user action). */
export const AuditLogQuery = Type.Object(
  {
    ...Paging,
    action: Type.Optional(Type.String({ maxLength: 64, pattern: '^[a-z0-9._-]*$' })),
    actor: Type.Optional(Type.String({ maxLength: 100 })),
    target: Type.Optional(Type.String({ maxLength: 100 })),
    projectCode: Type.Optional(Type.String({ pattern: PROJECT_CODE_PATTERN })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const AuditEntry = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  actorId: Type.Union([Id, Type.Null()]),
  actorName: Type.String(),
  projectCode: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  note: Type.Union([Type.String(), Type.Null()]),
});
export type AuditEntry = Static<typeof AuditEntry>;

/** A page of a list and how many items match in all. */
export const pageOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  envelope(Type.Object({ items: Type.Array(item), total: Type.Integer() }));
export const AuditLogResponse = pageOf(AuditEntry);

// ---- Users, members and access codes ----

export const MemberRole = Type.Union([
  Type.Literal('manager'),
  Type.Literal('operator'),
  Type.Literal('tracker'),
  Type.Literal('viewer'),
]);

const Name = NameText(NAME_MAX_LENGTH);

/** GET /admin/users: search in names and organization, by user type, active or not. */
export const UsersQuery = Type.Object(
  {
    ...Paging,
    search: Type.Optional(Type.String({ maxLength: 100 })),
    userType: Type.Optional(Type.Enum(USER_TYPES)),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('deactivated')])),
    projectCode: Type.Optional(Type.String({ pattern: PROJECT_CODE_PATTERN })),
  },
  { additionalProperties: false },
);
export type UsersQuery = Static<typeof UsersQuery>;

export const Membership = Type.Object({ projectCode: Type.String(), role: Type.Union([MemberRole, Type.Null()]) });
export type Membership = Static<typeof Membership>;

export const AdminUser = Type.Object({
  id: Id,
  userType: Type.Enum(USER_TYPES),
  firstName: Type.String(),
  lastName: Type.String(),
  fullName: Type.String(),
  organizationId: Id,
  organizationName: Type.String(),
  deactivated: Type.Boolean(),
  accessCodeRevoked: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  memberships: Type.Array(Membership),
});
export type AdminUser = Static<typeof AdminUser>;
export const UsersResponse = pageOf(AdminUser);
export const AdminUserResponse = envelope(AdminUser);

/** POST /admin/users: a project admin must name one of their projects (the user becomes its member). */
export const CreateUserBody = Type.Object(
  {
    userType: Type.Enum(USER_TYPES),
    firstName: Name,
    lastName: Name,
    /** The organization of the admin's enterprise with this name; made when there is none. */
    organizationName: Name,
    password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH, pattern: PASSWORD_PATTERN })),
    projectCode: Type.Optional(Type.String({ pattern: PROJECT_CODE_PATTERN })),
    role: Type.Optional(MemberRole),
  },
  { additionalProperties: false },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

/** A user and their new access code: the only time it is shown (8 digits). */
export const UserWithCodeResponse = envelope(
  Type.Object({ user: AdminUser, accessCode: Type.String({ pattern: ACCESS_CODE_PATTERN }) }),
);

export const UserParams = Type.Object(
  { userId: Type.String({ pattern: UUID_PATTERN_SOURCE }) },
  { additionalProperties: false },
);
export const MemberParams = Type.Object(
  {
    userId: Type.String({ pattern: UUID_PATTERN_SOURCE }),
    projectCode: Type.String({ pattern: PROJECT_CODE_PATTERN }),
  },
  { additionalProperties: false },
);
export const MemberBody = Type.Object({ role: MemberRole }, { additionalProperties: false });
export const OrganizationsResponse = envelope(Type.Array(Type.Object({ id: Id, name: Type.String() })));

// ---- Projects ----

export const ProjectsQuery = Type.Object(
  { ...Paging, search: Type.Optional(Type.String({ maxLength: 100 })) },
  { additionalProperties: false },
);
export type ProjectsQuery = Static<typeof ProjectsQuery>;

export const AdminProject = Type.Object({
  code: Type.String(),
  name: Type.String(),
  enterpriseId: Id,
  enterpriseName: Type.String(),
  latestVersion: Type.Integer(),
  barcodeReaderType: Type.Union([Type.Literal('camera'), Type.Literal('commercial')]),
  languages: Type.Array(Type.Enum(LANGUAGES)),
  allowUserSelfRegister: Type.Boolean(),
  hasLogo: Type.Boolean(),
  members: Type.Integer(),
});
export type AdminProject = Static<typeof AdminProject>;
export const ProjectsResponse = pageOf(AdminProject);
export const AdminProjectResponse = envelope(AdminProject);

/** The logo of a new project: PNG, JPEG, WebP or SVG, as base64, at most LOGO_MAX_BYTES once decoded. */
export const LOGO_MAX_BYTES = 64 * 1024;
export const LogoUpload = Type.Object(
  {
    contentType: Type.Union([
      Type.Literal('image/png'),
      Type.Literal('image/jpeg'),
      Type.Literal('image/webp'),
      Type.Literal('image/svg+xml'),
    ]),
    base64: Type.String({ minLength: 4, maxLength: Math.ceil(LOGO_MAX_BYTES / 3) * 4, pattern: '^[A-Za-z0-9+/]+=*$' }),
  },
  { additionalProperties: false },
);

/** POST /admin/projects: an enterprise admin creates a project of their enterprise at version 1. */
export const CreateProjectBody = Type.Object(
  {
    code: Type.String({ pattern: PROJECT_CODE_PATTERN }),
    name: NameText(100),
    barcodeReaderType: Type.Union([Type.Literal('camera'), Type.Literal('commercial')]),
    languages: Type.Array(Type.Enum(LANGUAGES), { minItems: 1, uniqueItems: true }),
    allowUserSelfRegister: Type.Boolean(),
    logo: Type.Optional(LogoUpload),
  },
  { additionalProperties: false },
);
export type CreateProjectBody = Static<typeof CreateProjectBody>;

export const ProjectParams = Type.Object(
  { projectCode: Type.String({ pattern: PROJECT_CODE_PATTERN }) },
  { additionalProperties: false },
);
export const SelfRegistrationBody = Type.Object({ allow: Type.Boolean() }, { additionalProperties: false });
/** A project's new logo (every version), or null to remove it. */
export const ProjectLogoBody = Type.Object(
  { logo: Type.Union([LogoUpload, Type.Null()]) },
  { additionalProperties: false },
);
export type ProjectLogoBody = Static<typeof ProjectLogoBody>;

// ---- Admins managed by enterprise admins: the first comes from the admin command, the rest from here ----

/** An admin of the enterprise, as the admins screen lists them. */
export const AdminAccount = Type.Object({
  id: Id,
  login: Type.String(),
  name: Type.String(),
  role: AdminRole,
  projectCodes: Type.Array(Type.String()),
  active: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AdminAccount = Static<typeof AdminAccount>;
export const AdminsResponse = envelope(Type.Array(AdminAccount));
export const AdminAccountResponse = envelope(AdminAccount);

/** A new admin: a project admin of the codes given, an enterprise admin when none is. The login comes from the name unless given. */
export const CreateAdminBody = Type.Object(
  {
    name: Name,
    login: Type.Optional(AdminLogin),
    projectCodes: Type.Array(Type.String({ pattern: PROJECT_CODE_PATTERN }), { maxItems: 50, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type CreateAdminBody = Static<typeof CreateAdminBody>;
/** The new admin and their password, shown this once (only its hash is kept). */
export const AdminWithPasswordResponse = envelope(
  Type.Object({ admin: AdminAccount, password: Type.String({ minLength: 20 }) }),
);
export const AdminParams = Type.Object(
  { adminId: Type.String({ pattern: UUID_PATTERN_SOURCE }) },
  { additionalProperties: false },
);
