-- Uploads kept in the database (FILES_STORE=postgres), so that servers on one PostgreSQL share
-- them without a shared folder, and a digest of every upload, checked when it is served.

-- The SHA-256 digest (hex) of the bytes as they were uploaded, whichever store keeps them; null
-- for files uploaded before digests were recorded (served unchecked).
alter table barcode_files add column sha256 text check (sha256 ~ '^[0-9a-f]{64}$');

-- A file's bytes in order: chunk `seq` (from 0) of the file kept under `path`, the key recorded
-- in barcode_files. Written while the upload streams in, before its barcode_files row exists, so
-- there is no foreign key; an upload that fails removes its chunks.
create table file_chunks (
  path text not null,
  seq integer not null check (seq >= 0),
  bytes bytea not null,
  primary key (path, seq)
);
-- Uploads are mostly photos and PDFs, already compressed: kept out of line without another try.
alter table file_chunks alter column bytes set storage external;
