-- Files uploaded with POST /api/files or downloaded by POST /api/files/from-url: the content of
-- one file Entity (`svc/file`, same id), found by its secret. Name and content type are the
-- Entity's fields; `content` is base64 (pg-mem keeps bytea badly).
CREATE TABLE files (
  id uuid PRIMARY KEY,
  secret text NOT NULL UNIQUE,
  size integer NOT NULL,
  sha256 text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL
);
