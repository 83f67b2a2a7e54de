-- Outbox delivery without holding the database during a gateway call: a dispatcher claims
-- messages for a while (`claimed_until`) in one short statement,
-- calls the transport outside any transaction, then stamps them sent; a claim that outlives a
-- dead process expires and the message is delivered by the next round. A message the transport
-- refuses waits before its next attempt (`next_attempt_at`: each wait twice the last, at most
-- MAX_RETRY_SECONDS of server/infra/outbox.ts).
alter table outbox add column claimed_until timestamptz;
alter table outbox add column next_attempt_at timestamptz;
