-- Issue 14: what the managers' dashboard aggregates, kept beside each proposal so a year of the
-- network is summed from narrow columns and rows instead of 200 000 jsonb snapshots
-- (docs/decisions/0008-dashboard-figures.md). Runs on PostgreSQL 15+ and on PGlite.

-- The snapshot's percents, read once when the row is written.
ALTER TABLE proposals
  ADD COLUMN discount_pct double precision
    GENERATED ALWAYS AS (coalesce((snapshot -> 'totals' ->> 'discountPct')::double precision, 0)) STORED,
  ADD COLUMN margin_pct double precision
    GENERATED ALWAYS AS (coalesce((snapshot -> 'totals' ->> 'margemPct')::double precision, 0)) STORED,
  -- The largest min_margin_percent of its procedures when it was saved (DESIGN.md section 6: a
  -- selection is healthy when margemPct reaches it); set by the trigger below unless given.
  ADD COLUMN min_margin_pct numeric(5, 2);

-- The snapshot's lines as rows: one per procedure, in the snapshot's order.
CREATE TABLE proposal_items (
  proposal_id  integer NOT NULL REFERENCES proposals (id) ON DELETE CASCADE,
  position     integer NOT NULL,
  service_id   integer NOT NULL,
  name         text NOT NULL,
  block        text NOT NULL CHECK (block IN ('A', 'B', 'C', 'D')),
  sessions     integer NOT NULL,
  total_value  numeric(12, 2) NOT NULL,
  PRIMARY KEY (proposal_id, position)
);

CREATE FUNCTION proposals_min_margin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(max(s.min_margin_percent), 0) INTO NEW.min_margin_pct
    FROM jsonb_array_elements(NEW.snapshot -> 'items') AS item
    JOIN services s ON s.id = (item ->> 'service_id')::integer;
  RETURN NEW;
END
$$;
CREATE TRIGGER proposals_min_margin BEFORE INSERT ON proposals
  FOR EACH ROW WHEN (NEW.min_margin_pct IS NULL) EXECUTE FUNCTION proposals_min_margin();

-- Set-based, once per statement: a bulk insert writes its items in one go. A stored snapshot's
-- items never change (a revision is a new row), so only inserts write them.
CREATE FUNCTION proposals_write_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO proposal_items (proposal_id, position, service_id, name, block, sessions, total_value)
  SELECT p.id, item.ordinality::integer, (item.value ->> 'service_id')::integer, item.value ->> 'name',
         item.value ->> 'block', (item.value ->> 'sessions')::integer,
         (item.value ->> 'total_value')::numeric(12, 2)
    FROM inserted p
    CROSS JOIN LATERAL jsonb_array_elements(p.snapshot -> 'items') WITH ORDINALITY AS item(value, ordinality);
  RETURN NULL;
END
$$;
CREATE TRIGGER proposals_write_items AFTER INSERT ON proposals
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION proposals_write_items();

-- Proposals saved before this migration: the catalogue's minimum margins as they are now.
UPDATE proposals p SET min_margin_pct = (
  SELECT coalesce(max(s.min_margin_percent), 0)
    FROM jsonb_array_elements(p.snapshot -> 'items') AS item
    JOIN services s ON s.id = (item ->> 'service_id')::integer);
ALTER TABLE proposals ALTER COLUMN min_margin_pct SET NOT NULL;
INSERT INTO proposal_items (proposal_id, position, service_id, name, block, sessions, total_value)
SELECT p.id, item.ordinality::integer, (item.value ->> 'service_id')::integer, item.value ->> 'name',
       item.value ->> 'block', (item.value ->> 'sessions')::integer,
       (item.value ->> 'total_value')::numeric(12, 2)
  FROM proposals p
  CROSS JOIN LATERAL jsonb_array_elements(p.snapshot -> 'items') WITH ORDINALITY AS item(value, ordinality);

-- The dashboard reads the latest versions of a period; renewals the accepted ones by client.
CREATE INDEX proposals_latest_created_idx ON proposals (created_at) WHERE superseded_by_id IS NULL;
CREATE INDEX proposals_accepted_client_idx ON proposals (client_id, answered_at DESC)
  WHERE status = 'accepted';
