-- Parents, children and links.

-- The order children were paired in under their parent (the children page lists them so).
alter table barcodes add column pair_order integer;

-- A link between two barcodes: from_id linked to to_id (link-to seen from from_id, be-linked
-- from to_id). Undoing a link deletes its row; the history of both barcodes keeps the record.
create table barcode_links (
  from_id text not null references barcodes (id),
  to_id text not null references barcodes (id),
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  primary key (from_id, to_id),
  check (from_id <> to_id)
);
create index barcode_links_to on barcode_links (to_id);
-- One link per pair of barcodes, whichever direction it was made in.
create unique index barcode_links_pair on barcode_links (least(from_id, to_id), greatest(from_id, to_id));
