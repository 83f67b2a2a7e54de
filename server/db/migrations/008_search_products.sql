-- Barcode search and list: the times a search filters on, and the indexes that keep a search of
-- a large project within its budget (npm run bench:search, docs/engineers/performance.md).

-- When the present trip was activated and when its last step (activation or tracking) was made.
-- Kept by a trigger on the history, the one place every activation, step and recycle passes
-- through, so no write path can forget them.
alter table barcodes add column activated_at timestamptz;
alter table barcodes add column last_step_at timestamptz;

create function barcode_step_times() returns trigger language plpgsql as $$
begin
  if new.action = 'activated' then
    update barcodes set activated_at = new.created_at, last_step_at = new.created_at where id = new.barcode_id;
  elsif new.action = 'tracked' then
    update barcodes set last_step_at = greatest(last_step_at, new.created_at) where id = new.barcode_id;
  elsif new.action = 'recycled' then
    update barcodes set activated_at = null, last_step_at = null where id = new.barcode_id;
  end if;
  return null;
end
$$;
create trigger barcode_step_times after insert on barcode_history for each row execute function barcode_step_times();

update barcodes b set
  activated_at = (select max(h.created_at) from barcode_history h where h.barcode_id = b.id and h.action = 'activated'),
  last_step_at = (select max(h.created_at) from barcode_history h where h.barcode_id = b.id and h.action in ('activated', 'tracked'))
where b.is_activated;

-- Newest first, the list's and every search's order.
create index barcodes_project_newest on barcodes (project_id, created_at desc, id desc);
create index barcodes_project_track_point on barcodes (project_id, current_track_point_key, created_at desc);
create index barcodes_project_activated_at on barcodes (project_id, activated_at) where activated_at is not null;
create index barcodes_project_last_step_at on barcodes (project_id, last_step_at) where last_step_at is not null;

-- Free text (words and word prefixes, any language's letters) over the identifiers and every
-- activation value. PGlite has no pg_trgm by default, full-text search is built in: the words
-- are kept with the row (computed by the database at each write), the index finds the
-- candidates, the query then keeps only a match in a field the viewer may see.
alter table barcodes add column search_words tsvector generated always as (
  to_tsvector('simple', id || ' ' || coalesce(external_id, '') || ' ' || coalesce(tracking_number, ''))
  || jsonb_to_tsvector('simple', coalesce(activation_data, '{}'::jsonb), '["string", "numeric"]')
) stored;
create index barcodes_search_words on barcodes using gin (search_words);
-- Exact values of a field (numbers, selects): containment.
create index barcodes_activation_values on barcodes using gin (activation_data jsonb_path_ops);
