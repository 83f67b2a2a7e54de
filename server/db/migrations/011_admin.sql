-- The admin area (docs/engineers/architecture.md): the reference server's own admin accounts (not
-- the staff / carrier / client users), their sessions, and the append-only audit log.

-- An admin: 'enterprise' manages everything of its enterprise; 'project' only the project codes
-- listed in admin_projects. Logs in with its login name and a password (scrypt); created first
-- from the command line (npm run admin -- create-admin), never with a default password.
create table admins (
  id uuid primary key,
  enterprise_id uuid not null references enterprises (id),
  role text not null check (role in ('enterprise', 'project')),
  login text not null unique,
  name text not null,
  password_hash text not null,
  created_at timestamptz not null default now(),
  deactivated_at timestamptz
);

create table admin_projects (
  admin_id uuid not null references admins (id),
  project_code text not null,
  primary key (admin_id, project_code)
);

-- An admin's login on one browser: the cookie holds a random token, the table its HMAC digest.
create table admin_sessions (
  token_digest text primary key,
  admin_id uuid not null references admins (id),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index admin_sessions_admin on admin_sessions (admin_id);

-- Who did what, when, to what, with the state before and after. Written in the same transaction
-- as the action (server/services/audit.ts); never updated or deleted (the trigger refuses).
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- null when the command line acted (actor_name says 'command line').
  actor_id uuid references admins (id),
  actor_name text not null,
  enterprise_id uuid,
  project_code text,
  action text not null,
  target_type text not null,
  target_id text not null,
  before jsonb,
  after jsonb,
  note text
);
create index audit_log_enterprise_at on audit_log (enterprise_id, id desc);

create function audit_log_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end
$$;
create trigger audit_log_no_update_delete before update or delete on audit_log
  for each row execute function audit_log_refuse_change();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_refuse_change();

-- A deactivated user cannot log in or refresh (their sessions are revoked when deactivated).
alter table users add column deactivated_at timestamptz;

-- An access code revoked by an admin: the digest is replaced by one no code has, so the old
-- code logs nobody in; a new code can be issued later.
alter table users add column access_code_revoked_at timestamptz;

-- A member's role in a project (server/rules/admin-members.ts MEMBER_ROLES), beside the
-- permissions it stands for; null on rows made before roles existed.
alter table project_members add column role text;

-- The interface languages a project offers (a project's labels are still written in all four).
alter table projects add column languages text[] not null default '{en,ja,zh-TW,zh-CN}';

-- Admins' writes are exactly-once too: an Idempotency-Key's owner is a user or an admin (both uuids).
alter table idempotency_keys drop constraint if exists idempotency_keys_user_id_fkey;
