-- Integration apps: accounts (credentials of an app's account type), OAuth set-ups in progress,
-- sources (an account's chosen types synchronized into a Space, with the mapping of each type to
-- its Database), the key index of synchronized Entities, sync runs, and stored files.
CREATE TABLE integration_accounts (
  id uuid PRIMARY KEY,
  app_url text NOT NULL,
  app_name text NOT NULL,
  account_type text NOT NULL,
  name text NOT NULL,
  fields text NOT NULL,
  created_at timestamptz NOT NULL
);
-- `fields`: JSON of the account's field values (credentials; never returned by the API).

CREATE TABLE integration_oauth_states (
  state text PRIMARY KEY,
  app_url text NOT NULL,
  account_type text NOT NULL,
  callback_uri text NOT NULL,
  request_token text,
  request_secret text,
  created_at timestamptz NOT NULL
);

CREATE TABLE integration_sources (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL,
  space text NOT NULL,
  types text NOT NULL,
  filter text NOT NULL,
  keep_unsynced boolean NOT NULL,
  mapping text NOT NULL,
  webhook text,
  webhook_workspace_id text,
  last_synchronized_at timestamptz,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL
);
-- `created_by`: the user who added the source; the sync's writes are made in their name.
-- `types`, `filter`, `mapping` (SourceMapping), `webhook` (the app's registration): JSON text.
CREATE INDEX integration_sources_by_account ON integration_sources (account_id);

-- Which Entity holds the row of key `external_key` of an app type in a source. `last_run_id`: the
-- last run that delivered the row (a full run removes the rows it did not deliver).
CREATE TABLE integration_keys (
  source_id uuid NOT NULL,
  app_type text NOT NULL,
  external_key text NOT NULL,
  entity_id uuid NOT NULL,
  last_run_id integer NOT NULL,
  PRIMARY KEY (source_id, app_type, external_key)
);
CREATE INDEX integration_keys_by_entity ON integration_keys (entity_id);

CREATE TABLE integration_runs (
  id serial PRIMARY KEY,
  source_id uuid NOT NULL,
  trigger text NOT NULL,
  status text NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  error text,
  stats text NOT NULL
);
CREATE INDEX integration_runs_by_source ON integration_runs (source_id, id);

-- Files downloaded from an app, one per (source, key): the key is the `__file-key` query
-- parameter of the file's URL when it has one, else the URL. `content`: base64 (pg-mem keeps
-- bytea badly).
CREATE TABLE integration_files (
  id uuid PRIMARY KEY,
  source_id uuid NOT NULL,
  file_key text NOT NULL,
  url text NOT NULL,
  name text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL,
  sha256 text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (source_id, file_key)
);
CREATE INDEX integration_files_by_url ON integration_files (url);
