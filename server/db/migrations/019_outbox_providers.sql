-- Outbox delivery through real providers (SMTP, an SMS API). Each claim carries the claiming
-- round's token (`claimed_by`): a round re-checks it right before each provider call and stamps
-- only what it still holds, so a message whose claim was taken over is never sent by both. The
-- provider's message id is kept (`provider_message_id`); a message a provider refuses for good
-- is stamped `failed_at` with the provider's answer in `last_error` and never tried again.
alter table outbox add column claimed_by uuid;
alter table outbox add column provider_message_id text;
alter table outbox add column failed_at timestamptz;
alter table outbox add column last_error text;
drop index if exists outbox_pending;
create index outbox_pending on outbox (created_at) where sent_at is null and failed_at is null;
