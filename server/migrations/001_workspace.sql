-- The workspace model: Spaces, Databases (types), their fields, relations, extensions, tokens.
-- Entities of every type live in `entities`: system fields in columns, other values in `data`
-- (jsonb, keyed by each field's stable key). Schema changes are rows only, never DDL, so every
-- transaction can roll back on both storages. Relation values of every kind live in `links`.
CREATE TABLE workspace (
  id integer PRIMARY KEY,
  version integer NOT NULL,
  meta jsonb NOT NULL
);
INSERT INTO workspace (id, version, meta) VALUES (1, 0, '{}');

CREATE TABLE spaces (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

-- kind: domain (a user Database), enum (single select options), workflow (workflow states),
-- system (svc/user, comments/comment).
CREATE TABLE types (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE,
  space_id uuid REFERENCES spaces (id),
  kind text NOT NULL,
  meta jsonb NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  next_public_id integer NOT NULL DEFAULT 1,
  position integer NOT NULL
);

-- storage: system (a column of `entities`), value (a key of `entities.data`),
-- link (a row per value in `links`: relations, collections, single select, workflow).
CREATE TABLE fields (
  id uuid PRIMARY KEY,
  type_id uuid NOT NULL REFERENCES types (id),
  name text NOT NULL,
  field_type text NOT NULL,
  storage text NOT NULL,
  storage_key text,
  relation_id uuid,
  relation_end text,
  is_collection boolean NOT NULL DEFAULT false,
  meta jsonb NOT NULL,
  position integer NOT NULL,
  UNIQUE (type_id, name)
);
CREATE INDEX fields_relation ON fields (relation_id);

CREATE TABLE entities (
  id uuid PRIMARY KEY,
  type_id uuid NOT NULL REFERENCES types (id),
  public_id integer NOT NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  created_by uuid,
  data jsonb NOT NULL
);
CREATE INDEX entities_by_type ON entities (type_id, created_at, id);
CREATE INDEX entities_by_type_id ON entities (type_id, id);

CREATE TABLE extensions (
  type_id uuid NOT NULL REFERENCES types (id),
  name text NOT NULL,
  installed_at timestamptz NOT NULL,
  PRIMARY KEY (type_id, name)
);

-- One row per relation value: `a` is the Entity on the relation's first end, `b` on its second.
CREATE TABLE links (
  relation_id uuid NOT NULL,
  a uuid NOT NULL,
  b uuid NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (relation_id, a, b)
);
CREATE INDEX links_by_b ON links (relation_id, b);

CREATE TABLE api_tokens (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  access_level text NOT NULL,
  user_id uuid NOT NULL,
  label text NOT NULL,
  created_at timestamptz NOT NULL
);
