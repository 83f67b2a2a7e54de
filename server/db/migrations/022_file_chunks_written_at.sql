-- When each chunk was written, so that the bytes of an upload that was never recorded (a crash
-- between writing the file and recording it) can be told apart from an upload still streaming in,
-- whose latest chunk is always recent: `npm run files -- sweep` removes only the former.
-- Chunks written before this column existed count from the time the migration ran.
alter table file_chunks add column written_at timestamptz not null default now();
