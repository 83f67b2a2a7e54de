-- Barcode lifecycle: recycle, route notifications, edits, children, address book.

-- Pairing sets parent_id; sealing the ledger sets is_sealed. Both block recycling.
alter table barcodes add column parent_id text references barcodes (id);
alter table barcodes add column is_sealed boolean not null default false;
-- How many times the barcode was recycled: notifications of earlier cycles are kept, not shown.
alter table barcodes add column cycle integer not null default 0;
create index barcodes_parent on barcodes (parent_id) where parent_id is not null;

-- Tracking counts per user and day read the history by user.
create index barcode_history_user on barcode_history (user_id, action, created_at);

-- An e-mail in the outbox has a subject; SMS rows leave it null.
alter table outbox add column subject text;

-- A route notification: written when a barcode reaches a trackpoint that has one configured.
create table notifications (
  id uuid primary key,
  barcode_id text not null references barcodes (id),
  cycle integer not null,
  track_point_key text not null,
  subject text not null,
  body text not null,
  displayed_at timestamptz not null default now(),
  mobile_alert_duration_minutes integer,
  created_at timestamptz not null default now()
);
create index notifications_barcode on notifications (barcode_id, displayed_at desc);

-- A user's saved origin / destination addresses (GET /user/address).
create table address_book (
  id uuid primary key,
  user_id uuid not null references users (id),
  address jsonb not null,
  created_at timestamptz not null default now()
);
create index address_book_user on address_book (user_id, created_at);
