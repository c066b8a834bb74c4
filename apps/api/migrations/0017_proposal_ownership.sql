-- Issue 25: who owns a proposal, defined once (DESIGN.md section 5; apps/api/src/auth/scope.ts).
--
-- 1. A proposal belongs to its client's unit, not its author's or an admin's. Proposals saved
--    before took the author's unit (an admin's sale to an ANALIA client counted as PAULISTA's):
--    they move to their client's unit, and a trigger keeps them there when the client moves, in
--    the transaction of the move. The counts and sales summaries follow through their own
--    triggers (migrations 0014 and 0015), so every figure moves with the client.
-- 2. The author stays the author across revisions by anyone else; `revised_by` records who made
--    a version after the first. Versions saved before took the reviser as author: each version's
--    author becomes its first version's, and the recorded one becomes its reviser.

ALTER TABLE proposals
  ADD COLUMN revised_by integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN revised_by_name text;

UPDATE proposals p SET unit = c.unit
  FROM clients c
 WHERE c.id = p.client_id AND p.unit IS DISTINCT FROM c.unit;

WITH RECURSIVE chain AS (
  SELECT id AS root_id, id, author_id AS root_author_id, author_name AS root_author_name
    FROM proposals WHERE previous_id IS NULL
  UNION ALL
  SELECT chain.root_id, p.id, chain.root_author_id, chain.root_author_name
    FROM proposals p JOIN chain ON p.previous_id = chain.id
)
UPDATE proposals p
   SET revised_by = p.author_id,
       revised_by_name = p.author_name,
       author_id = chain.root_author_id,
       author_name = chain.root_author_name
  FROM chain
 WHERE chain.id = p.id AND p.previous_id IS NOT NULL;

CREATE FUNCTION proposals_follow_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE proposals SET unit = NEW.unit WHERE client_id = NEW.id AND unit IS DISTINCT FROM NEW.unit;
  RETURN NULL;
END
$$;

CREATE TRIGGER clients_proposals_follow
  AFTER UPDATE OF unit ON clients
  FOR EACH ROW
  WHEN (OLD.unit IS DISTINCT FROM NEW.unit)
  EXECUTE FUNCTION proposals_follow_client();

