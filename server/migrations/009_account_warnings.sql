-- Deviations from the app contract the service tolerated when it read the app (spec/integrations.md,
-- "Deviations the service tolerates"): a JSON array of sentences, shown with the account.
ALTER TABLE integration_accounts ADD COLUMN warnings text NOT NULL DEFAULT '[]';
