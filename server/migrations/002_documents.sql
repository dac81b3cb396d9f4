-- Collaborative documents behind rich text fields and comments, addressed by their secret.
-- A rich text field's document is created with its Entity (content arrives with the documents API).
CREATE TABLE documents (
  secret uuid PRIMARY KEY,
  created_at timestamptz NOT NULL
);
