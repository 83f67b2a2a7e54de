-- Barcodes and their append-only history.

create table barcodes (
  id text primary key,
  project_id uuid not null references projects (id),
  barcode_type text,
  is_activated boolean not null default false,
  is_deactivated boolean not null default false,
  current_track_point_key text,
  external_id text,
  tracking_number text,
  activation_data jsonb,
  -- Bumped by every change: concurrent writers update "where revision = the one I read".
  revision integer not null default 0,
  created_by uuid references users (id),
  created_at timestamptz not null default now()
);
create unique index barcodes_external_id on barcodes (project_id, external_id) where external_id is not null;
create index barcodes_tracking_number on barcodes (project_id, tracking_number) where tracking_number is not null;

-- Every action on a barcode, in order; undo is a new entry, never a deletion.
create table barcode_history (
  barcode_id text not null references barcodes (id),
  seq integer not null,
  action text not null,
  track_point_key text,
  data jsonb,
  user_id uuid references users (id),
  created_at timestamptz not null default now(),
  primary key (barcode_id, seq)
);
