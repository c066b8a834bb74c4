-- Issue 13: the proposals list's X-Total-Count exact at any size (it stopped at 10 000). Counting
-- a network's whole history on every page read scans all of it; this table keeps the number of
-- proposals per unit, author and stored status, maintained by a trigger in the transaction of
-- every change, so the totals that depend on nothing but those (the default list, 'Aceita',
-- 'Recusada', 'Substituída', each scope) are a sum of a few rows. Totals that depend on the
-- clock (valid or expired) or a client or period are counted on the rows
-- (apps/api/src/modules/proposals/repository.ts, docs/decisions/0016-proposal-list-counts.md).
CREATE TABLE proposal_counts (
  unit       text    NOT NULL,
  -- 0 when the author was deleted (proposals.author_id is then NULL).
  author_key integer NOT NULL,
  status     text    NOT NULL,
  n          bigint  NOT NULL,
  PRIMARY KEY (unit, author_key, status)
);

INSERT INTO proposal_counts (unit, author_key, status, n)
SELECT unit, coalesce(author_id, 0), status, count(*) FROM proposals
GROUP BY unit, coalesce(author_id, 0), status;

CREATE FUNCTION proposal_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE proposal_counts SET n = n - 1
      WHERE unit = OLD.unit AND author_key = coalesce(OLD.author_id, 0) AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO proposal_counts (unit, author_key, status, n)
      VALUES (NEW.unit, coalesce(NEW.author_id, 0), NEW.status, 1)
      ON CONFLICT (unit, author_key, status) DO UPDATE SET n = proposal_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER proposal_counts_insert_delete
  AFTER INSERT OR DELETE ON proposals
  FOR EACH ROW EXECUTE FUNCTION proposal_counts_track();
CREATE TRIGGER proposal_counts_update
  AFTER UPDATE OF unit, author_id, status ON proposals
  FOR EACH ROW
  WHEN (OLD.unit IS DISTINCT FROM NEW.unit OR OLD.author_id IS DISTINCT FROM NEW.author_id
        OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION proposal_counts_track();
