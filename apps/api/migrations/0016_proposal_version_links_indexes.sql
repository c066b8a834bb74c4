-- A proposal's versions point at each other (previous_id, superseded_by_id, migration 0005).
-- Deleting a proposal makes PostgreSQL look for rows that still point at it, once per deleted row
-- and per reference; without an index each look-up scans the whole table, so deleting 12 100 of
-- 200 000 proposals ran for over ten minutes (measured 2026-11-26; apps/api/test/proposals.test.ts
-- deletes such rows). Partial: most proposals have neither link.
CREATE INDEX proposals_previous_id_idx ON proposals (previous_id) WHERE previous_id IS NOT NULL;
CREATE INDEX proposals_superseded_by_id_idx ON proposals (superseded_by_id)
  WHERE superseded_by_id IS NOT NULL;
