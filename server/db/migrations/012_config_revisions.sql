-- Configuration revisions: every published configuration of a project version is
-- kept, with who published it, when, how and why. `projects.revision` names the one in service;
-- `projects.config` stays its copy, so every reader of a project keeps reading one row.
alter table projects add column revision integer not null default 1;

create table config_revisions (
  project_id uuid not null references projects (id),
  revision integer not null check (revision > 0),
  config jsonb not null,
  -- initial (the project's first), inPlace, newVersion (the first of code@N+1), rollback, file (server/projects/*.json)
  mode text not null,
  note text not null default '',
  -- The admin who published it (an id of whichever table holds admins: no foreign key), and their name then.
  published_by text,
  published_by_name text not null default '',
  published_at timestamptz not null default now(),
  primary key (project_id, revision)
);
insert into config_revisions (project_id, revision, config, mode, published_at)
  select id, 1, config, 'initial', created_at from projects;

-- One draft per project version at a time. `etag` counts its saves: a save names the one it was
-- based on (If-Match), so a stale save changes nothing.
create table config_drafts (
  project_id uuid primary key references projects (id),
  config jsonb not null,
  based_on_revision integer not null,
  etag integer not null,
  saved_by text,
  saved_by_name text not null default '',
  saved_at timestamptz not null default now()
);

-- Test activations and trackings against a draft: never a barcode's data, erased on publish.
create table config_test_entries (
  id uuid primary key,
  project_id uuid not null references projects (id),
  barcode_type text not null,
  form text not null,
  data jsonb not null,
  errors jsonb not null,
  made_by text,
  created_at timestamptz not null default now()
);
create index config_test_entries_project on config_test_entries (project_id, created_at);
