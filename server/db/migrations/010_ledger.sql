-- Tamper-evident ledger.
--
-- Every history entry carries `entry_hash`: the SHA-256 (hex) of the RFC 8785 canonical JSON of
-- its content and the previous entry's hash (server/infra/ledger-chain.ts defines the content). The
-- server writes it in the entry's own transaction, under the barcode's row lock. Entries written
-- before this migration have none yet: they are chained lazily, in order, the first time the
-- barcode is written to or its ledger is read (a SQL migration cannot compute RFC 8785 JSON).
alter table barcode_history add column entry_hash text;

-- Sealed up to this history index (null: never sealed). `is_sealed` (003) says "sealed at all".
alter table barcodes add column sealed_seq integer;

-- A sealed entry never changes, whoever connects to the database.
create function barcode_history_keep_sealed() returns trigger language plpgsql as $$
begin
  if exists (select 1 from barcodes b where b.id = old.barcode_id and b.sealed_seq >= old.seq) then
    raise exception 'barcode_history: entry % of % is sealed in the ledger', old.seq, old.barcode_id using errcode = 'P0001';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end $$;
create trigger barcode_history_keep_sealed before update or delete on barcode_history
  for each row execute function barcode_history_keep_sealed();

-- The project-wide append-only log: one row per seal, each chained to the project's previous row
-- (`log_hash` over the row's content and `previous_hash`). Rows are never updated or deleted.
create table ledger_log (
  project_id uuid not null references projects (id),
  position integer not null,
  barcode_id text not null references barcodes (id),
  -- The history index sealed and that entry's hash (the barcode's chain head).
  seq integer not null,
  entry_hash text not null,
  previous_hash text,
  log_hash text not null,
  created_at text not null,
  primary key (project_id, position)
);
create index ledger_log_barcode on ledger_log (barcode_id, seq);

create function ledger_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger_log is append-only' using errcode = 'P0001';
end $$;
create trigger ledger_log_no_update before update or delete on ledger_log
  for each row execute function ledger_log_append_only();
create trigger ledger_log_no_truncate before truncate on ledger_log
  for each statement execute function ledger_log_append_only();

-- The project's EPCIS export reads a date range of history in (time, barcode, index) order, in batches.
create index barcode_history_time on barcode_history (created_at, barcode_id, seq);
