-- Deviations from the app contract the service tolerated while a sync run read the app (spec/integrations.md,
-- "Deviations the service tolerates"): a JSON array of sentences, shown with the run.
ALTER TABLE integration_runs ADD COLUMN warnings text NOT NULL DEFAULT '[]';
