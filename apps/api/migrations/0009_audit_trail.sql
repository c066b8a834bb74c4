-- Audit trail (issue 14): every change to the catalogue, the AI prompts and the users, and every
-- acceptance, decline and revocation of a proposal. Append-only and hash-chained: each entry's
-- hash covers its content and the previous entry's hash, so an edit made behind the application's
-- back breaks the chain where it happened (GET /api/v1/audit/verify, npm run audit:verify).
CREATE TABLE audit_log (
  -- Given by the chain head below, not by a sequence: ids are gapless, so a deleted entry shows.
  id         bigint PRIMARY KEY,
  at         timestamptz NOT NULL,
  -- No foreign key: entries outlive the people they name. Null: the system (seed, migrations).
  actor_id   integer,
  entity     text NOT NULL CHECK (entity IN
               ('service', 'package', 'synergy_relation', 'ai_config', 'user', 'proposal')),
  entity_id  text NOT NULL,
  action     text NOT NULL CHECK (char_length(action) BETWEEN 1 AND 40),
  before     jsonb,
  after      jsonb,
  prev_hash  char(64) NOT NULL,
  hash       char(64) NOT NULL
);

CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id);
CREATE INDEX audit_log_at_idx ON audit_log (at);

-- The chain's head, one row: an append locks it (SELECT … FOR UPDATE) until its transaction
-- ends, so two appends never share a prev_hash, and a rolled-back change leaves no trace.
CREATE TABLE audit_chain_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_id   bigint NOT NULL,
  last_hash char(64) NOT NULL
);
INSERT INTO audit_chain_head (last_id, last_hash) VALUES (0, repeat('0', 64));

-- Append-only in the database too. A superuser can still disable this; the chain catches that.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP;
END;
$$;
CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
