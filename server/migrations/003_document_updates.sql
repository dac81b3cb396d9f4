-- The content of collaborative documents (002_documents.sql): each document is a Yjs document,
-- stored as the Yjs updates written to it, in order (`seq`); applied together they give its
-- content. A document with no updates is empty. Writes to one document are serialized by locking
-- its `documents` row; when updates pile up they are replaced by one update of the whole state.
-- `data` is the update in base64 (pg-mem's node-postgres adapter corrupts bytea), `bytes` its
-- size decoded.
CREATE TABLE document_updates (
  secret uuid NOT NULL REFERENCES documents (secret),
  seq integer NOT NULL,
  data text NOT NULL,
  bytes integer NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (secret, seq)
);
-- The primary key serves look-ups by secret on PostgreSQL; pg-mem only uses an index of its own.
CREATE INDEX document_updates_by_secret ON document_updates (secret);
