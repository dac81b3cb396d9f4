-- Sync runs shared by the server processes of one schema (server/src/integrations/sync/engine.ts):
-- a process runs a source's runs while it holds the source's lease (a row here, not a
-- transaction), renewing it as it goes; a lease not renewed by `lease_until` (the process died)
-- is taken over by any live process, which goes on with each run from its checkpoint.
CREATE TABLE integration_source_leases (
  source_id uuid PRIMARY KEY,
  lease_token text,
  lease_until timestamptz NOT NULL
);

-- `checkpoint`: JSON of where a run goes on after a restart (the next page of a type, or its
-- removal step), written in the transaction of the page it follows; null before the first page.
-- `event`: JSON of an event run's inbound event (headers and payload), to apply it again.
ALTER TABLE integration_runs ADD COLUMN checkpoint text;
ALTER TABLE integration_runs ADD COLUMN event text;
CREATE INDEX integration_runs_unfinished ON integration_runs (status, source_id, id);

-- Runs a process left unfinished before runs had checkpoints cannot go on: they failed.
UPDATE integration_runs SET status = 'failed', finished_at = now(), next_attempt_at = NULL, error = '{"name":"integration.error/app-failed","message":"The run was interrupted: the server stopped before it ended.","data":{}}' WHERE status IN ('running', 'retrying');
