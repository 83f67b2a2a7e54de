-- Locations and stock.

-- A project's locations: a tree warehouse -> rack -> bin, shared by every version of the
-- project (keyed by its code), kept as data so a project admin changes them without a release.
-- Only bins hold stock; a bin lists the trackpoints where barcodes may be stocked in there and
-- those where they may be stocked out. A retired location is no longer offered nor accepted.
create table locations (
  id uuid primary key,
  enterprise_id uuid not null references enterprises (id),
  project_code text not null,
  parent_id uuid references locations (id),
  kind text not null check (kind in ('warehouse', 'rack', 'bin')),
  code text not null,
  name jsonb not null,
  stock_in_track_points text[] not null default '{}',
  stock_out_track_points text[] not null default '{}',
  retired_at timestamptz,
  unique (project_code, code)
);
create index locations_parent on locations (parent_id);

-- Where a barcode is stocked now (one bin at most); stock out deletes the row. The history
-- keeps every stock in and out ('stocked-in', 'stocked-out').
create table barcode_stock (
  barcode_id text primary key references barcodes (id),
  location_id uuid not null references locations (id),
  track_point_key text,
  since timestamptz not null default now(),
  stocked_by uuid references users (id)
);
create index barcode_stock_location on barcode_stock (location_id);

