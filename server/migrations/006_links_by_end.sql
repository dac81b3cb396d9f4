-- Single-column indexes on each end of a link. pg-mem looks rows up (for a join, an `=` or an
-- `IN` list) only through an index whose first and only column is the one compared: the composite
-- keys of 001 give it none for `a` or `b`, so every relation step of a query scanned `links`.
-- PostgreSQL uses them too, for deletes and look-ups of one Entity's links across relations.
CREATE INDEX links_by_a_only ON links (a);
CREATE INDEX links_by_b_only ON links (b);
