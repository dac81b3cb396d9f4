-- Retention of the delivery and sync history (server/src/runtime/retention.ts): a timer deletes,
-- in bounded batches, webhook runs, failed deliveries and finished sync runs older than the
-- retention age, always keeping the latest of each webhook and source. These indexes let it find
-- them without reading the whole history; pending deliveries are never deleted.
CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (webhook_id, state, id);
CREATE INDEX integration_runs_by_source_status ON integration_runs (source_id, status, id);
