-- Outbox delivery: a message is delivered by one server process, once. Each process's
-- dispatcher claims undelivered rows with `for update skip locked` (several servers on one
-- PostgreSQL never claim the same row), hands them to the transport and stamps `sent_at` in the
-- same transaction. Messages written before this migration were "sent" when written (logged).
alter table outbox add column sent_at timestamptz;
alter table outbox add column attempts integer not null default 0;
update outbox set sent_at = created_at;
create index outbox_pending on outbox (created_at) where sent_at is null;
