import { Type, type Static } from 'typebox';
import { envelope, Id } from '../common';
import { PROJECT_CODE_PATTERN } from '../validation';

/** The admin area's API (issue 19; server/ADMIN.md): the reference server's own, not the spec's. */

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

/** Paging of every admin list: skip and count (as the spec pages a barcode's history). */
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
export const pageOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) => envelope(Type.Object({ items: Type.Array(item), total: Type.Integer() }));
export const AuditLogResponse = pageOf(AuditEntry);
