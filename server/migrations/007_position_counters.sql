-- Positions of new Databases and fields come from counters in the workspace row: one update of a
-- row every schema write locks anyway (the version), instead of max(position) over every field,
-- which pg-mem answers by scanning the table each time.
ALTER TABLE workspace ADD COLUMN next_type_position integer NOT NULL DEFAULT 1;
ALTER TABLE workspace ADD COLUMN next_field_position integer NOT NULL DEFAULT 1;
UPDATE workspace SET next_type_position = (SELECT coalesce(max(position), 0) + 1 FROM types), next_field_position = (SELECT coalesce(max(position), 0) + 1 FROM fields) WHERE id = 1;
