-- The activity chart reads the last 30 days of history, by time.
create index barcode_history_created_at on barcode_history (created_at);
