-- Foundation: enterprises, organizations, users, projects, sessions, one-time codes, outbox,
-- login rate limiting and server settings.

create table settings (
  key text primary key,
  value text not null
);

create table enterprises (
  id uuid primary key,
  name text not null
);

create table organizations (
  id uuid primary key,
  enterprise_id uuid not null references enterprises (id),
  name text not null
);
create index organizations_enterprise on organizations (enterprise_id);

create table projects (
  id uuid primary key,
  enterprise_id uuid not null references enterprises (id),
  code text not null,
  version integer not null check (version > 0),
  name text not null,
  config jsonb not null,
  custom_logo bytea,
  custom_logo_type text,
  created_at timestamptz not null default now(),
  unique (code, version)
);

create table users (
  id uuid primary key,
  organization_id uuid not null references organizations (id),
  user_type text not null check (user_type in ('staff', 'carrier', 'client')),
  first_name text not null,
  last_name text not null,
  -- HMAC of the 8-digit access code with the server's secret: looked up, never stored in clear.
  access_code_digest text not null unique,
  password_hash text,
  phone_country_code text,
  phone_number text,
  created_at timestamptz not null default now()
);

-- What a user may do in a project. A user without a row gets the defaults of their user type.
create table project_members (
  project_id uuid not null references projects (id),
  user_id uuid not null references users (id),
  can_generate_barcode boolean not null,
  can_activate_barcode boolean not null,
  can_add_tracking boolean not null,
  primary key (project_id, user_id)
);

-- A login on one device: the family of rotating refresh tokens, revoked as a whole on logout.
create table sessions (
  id uuid primary key,
  user_id uuid not null references users (id),
  project_id uuid not null references projects (id),
  visitor_id text not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

create table refresh_tokens (
  token_digest text primary key,
  session_id uuid not null references sessions (id),
  expires_at timestamptz not null,
  rotated_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_session on refresh_tokens (session_id);

create table one_time_passcodes (
  id uuid primary key,
  user_id uuid not null references users (id),
  project_id uuid not null references projects (id),
  code_digest text not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index one_time_passcodes_user on one_time_passcodes (user_id, project_id, created_at);

-- Messages the server "sends" (SMS): stored and logged; no external gateway.
create table outbox (
  id uuid primary key,
  channel text not null,
  destination text not null,
  body text not null,
  created_at timestamptz not null default now()
);

-- Failed login and registration attempts, counted per client address and per project.
create table auth_attempts (
  scope text not null,
  scope_key text not null,
  at timestamptz not null default now()
);
create index auth_attempts_scope on auth_attempts (scope, scope_key, at);
