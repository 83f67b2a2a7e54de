-- Recall holds (docs/admins/recall.md): a package on hold for a recall may be tracked only to a
-- trackpoint marked for quarantine. barcodes.hold_reference is the reference of the barcode's hold
-- in force, on the barcode's own row: every write reads it with the row, and a hold moves the row's
-- revision on, so a tracking and a hold of the same package never both pass. recall_holds keeps
-- every hold and its release, never deleted.
alter table barcodes add column hold_reference text;

create table recall_holds (
  id bigint generated always as identity primary key,
  project_id uuid not null references projects (id),
  barcode_id text not null references barcodes (id),
  reference text not null,
  reason text not null,
  held_by uuid references users (id),
  held_at timestamptz not null default now(),
  released_by uuid references users (id),
  released_at timestamptz,
  release_reason text
);

-- One hold in force per package.
create unique index recall_holds_in_force on recall_holds (barcode_id) where released_at is null;
create index recall_holds_reference on recall_holds (project_id, reference) where released_at is null;
