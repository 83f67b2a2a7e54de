-- Answers of write requests sent with an Idempotency-Key header, per user, kept a day: a repeat
-- of the request gets the stored answer instead of writing again. `status` is null while the
-- first request is still running (the claim); `fingerprint` tells a repeat from another request
-- sent with the same key.
create table idempotency_keys (
  user_id uuid not null references users (id),
  key text not null,
  fingerprint text not null,
  status integer,
  body text,
  claimed_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (user_id, key)
);
create index idempotency_keys_expiry on idempotency_keys (expires_at);
