-- Uploaded files, reference data for 'reference' fields, and scale readings for
-- 'weightMeasurement' fields in auto mode.

-- One row per upload (POST /barcode/file); the bytes live under the files folder at `path`.
create table barcode_files (
  id uuid primary key,
  barcode_id text not null references barcodes (id),
  user_id uuid not null references users (id),
  -- '<barcodeId>/<stored name>', relative to the files folder; the stored name is random.
  path text not null unique,
  -- As the uploader named it: shown in downloads only, never used to build a path.
  original_name text not null,
  size bigint not null check (size > 0),
  -- From the extension allowlist, never from the upload.
  content_type text not null,
  created_at timestamptz not null default now()
);
create index barcode_files_barcode on barcode_files (barcode_id);

-- Values imported from another system (an ERP's purchase orders, say), matched to a barcode by
-- its project and external id.
create table reference_data (
  project_id uuid not null references projects (id),
  external_id text not null,
  key text not null,
  value text not null,
  primary key (project_id, external_id, key)
);

-- What scales post; the tracking form reads the latest at its trackpoint.
create table weight_readings (
  id uuid primary key,
  project_id uuid not null references projects (id),
  track_point_key text not null,
  weight double precision not null check (weight >= 0),
  device_id text not null,
  user_id uuid not null references users (id),
  measured_at timestamptz not null default now()
);
create index weight_readings_latest on weight_readings (project_id, track_point_key, measured_at desc);
