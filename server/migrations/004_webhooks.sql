-- Webhooks v2: the webhooks, the outbox of their deliveries, the delivery leases and the runs
-- (delivery attempts). A delivery row is written in the same transaction as the changes it
-- reports (no change without its delivery, no delivery without its change). A delivery worker
-- leases a webhook with pending deliveries, posts the oldest outside any transaction, and records
-- the run; deliveries of one webhook go out one at a time, in `sequence_id` order.
CREATE TABLE webhooks (
  id serial PRIMARY KEY,
  url text NOT NULL,
  type_id uuid NOT NULL,
  type_name text NOT NULL,
  secret text NOT NULL,
  state text NOT NULL,
  created_at timestamptz NOT NULL,
  created_by uuid NOT NULL,
  next_sequence integer NOT NULL DEFAULT 1
);
-- `next_sequence`: the sequenceId of the next delivery (commands lock this row to take it).
CREATE INDEX webhooks_by_type ON webhooks (type_id);

-- Who delivers to a webhook (kept apart from `webhooks`, so that workers and commands never wait
-- for each other): `lease_token` of the worker holding it, or null; no worker takes it before
-- `lease_until` (the end of a claim, so a crashed worker's claim runs out, or of a retry's backoff).
CREATE TABLE webhook_leases (
  webhook_id integer PRIMARY KEY,
  lease_token text,
  lease_until timestamptz NOT NULL
);

-- state: pending (waiting or retrying) or failed (every attempt failed); delivered rows are deleted.
CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  webhook_id integer NOT NULL,
  sequence_id integer NOT NULL,
  message_id text NOT NULL,
  body text NOT NULL,
  state text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (webhook_id, sequence_id)
);
CREATE INDEX webhook_deliveries_queue ON webhook_deliveries (webhook_id, state, sequence_id);
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (state, webhook_id);

-- One row per attempt; `worker` names the process that made it. Trimmed to the latest runs.
CREATE TABLE webhook_runs (
  id bigserial PRIMARY KEY,
  webhook_id integer NOT NULL,
  delivery_id bigint NOT NULL,
  sequence_id integer NOT NULL,
  http_status integer NOT NULL,
  elapsed_ms integer NOT NULL,
  request_time timestamptz NOT NULL,
  worker text NOT NULL
);
CREATE INDEX webhook_runs_by_webhook ON webhook_runs (webhook_id, id);
