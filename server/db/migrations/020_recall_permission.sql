-- The recall permission: tracing a lot, product or barcode forward and back, and exporting what
-- the trace found (docs/admins/access-and-roles.md). Rows made before it are members with a role or with
-- their own permissions: only a manager recalls, as MEMBER_ROLES (server/rules/admin-members.ts) says.
alter table project_members add column can_recall boolean not null default false;
update project_members set can_recall = true where role = 'manager';
