-- The project files (server/projects/*.json) as last read, per project version and file: the
-- digest of the file's canonical content (keys sorted, no whitespace) and the revision in service
-- then. A file is imported again only when its digest changes, so a start never undoes what an
-- admin published since, and a file that only changed its key order or layout is no change.
create table project_file_imports (
  project_id uuid not null references projects (id),
  file text not null,
  digest text not null,
  revision integer not null,
  read_at timestamptz not null default now(),
  primary key (project_id, file)
);

-- The audit log lists newest first by time (its number breaks ties).
create index audit_log_enterprise_time on audit_log (enterprise_id, at desc, id desc);
