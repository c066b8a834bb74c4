-- Issue 27 (records that hold up): keyed acceptance evidence, sealed audit entries, client entries
-- in the trail, and units as a resource. docs/decisions/0034-keyed-evidence-and-sealed-audit.md.

-- One random key per client: an acceptance records HMAC-SHA-256(key, accepted PDF) instead of the
-- PDF's plain SHA-256, which anyone could recompute for a guessed name. Anonymization deletes the
-- row, after which no stored value can confirm a guess (LGPD art. 12).
CREATE TABLE client_evidence_keys (
  client_id  integer PRIMARY KEY REFERENCES clients (id),
  key        char(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Acceptances recorded before the keyed seal: their plain hash stays (it is the evidence) until
-- the client is anonymized; those of clients already anonymized lose it now.
UPDATE proposals p
   SET acceptance = (p.acceptance - 'document_sha256') || '{"document_hmac": null}'::jsonb
  FROM clients c
 WHERE c.id = p.client_id AND c.anonymized_at IS NOT NULL AND p.acceptance IS NOT NULL;
UPDATE proposals
   SET acceptance = acceptance || '{"document_hmac": null}'::jsonb
 WHERE acceptance IS NOT NULL AND NOT acceptance ? 'document_hmac';

-- The chain's hashes are public arithmetic: a superuser can rewrite an entry and recompute every
-- later hash. A seal is HMAC-SHA-256 under a key kept outside the database (AUDIT_KEY, or the
-- file the server creates in DATA_DIR): without the key no one can seal a rewritten entry. Null
-- on entries written before this migration until the server seals them on its next start.
ALTER TABLE audit_log ADD COLUMN seal char(64);
ALTER TABLE audit_chain_head ADD COLUMN seal char(64);
-- The trail also records clients (ids, fields and consents, never the values of personal data).
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check CHECK (entity IN
  ('service', 'package', 'synergy_relation', 'ai_config', 'user', 'proposal', 'contract', 'client'));
-- The one-time sealing of older entries rewrites them (and the entries after one it changed);
-- nothing else may. A superuser can still do anything: the seals are what catch that.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('portal.audit_sealing', true) = 'on' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP;
END;
$$;

-- The clinic's face on the public page and in the WhatsApp text (SPEC section 8): one row per
-- unit code, edited by admins.
CREATE TABLE units (
  code         text PRIMARY KEY,
  display_name text NOT NULL,
  address      text NOT NULL DEFAULT '',
  phone        text,
  whatsapp     text,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
INSERT INTO units (code, display_name) VALUES
  ('LEMONDE', 'Clínica Le Monde'),
  ('ANALIA', 'Clínica Anália Franco'),
  ('VILLA LOBOS', 'Clínica Villa-Lobos'),
  ('JUNDIAÍ', 'Clínica Jundiaí'),
  ('TAMBORÉ', 'Clínica Tamboré'),
  ('TABOÃO', 'Clínica Taboão'),
  ('MORUMBI', 'Clínica Morumbi'),
  ('ABC', 'Clínica ABC'),
  ('BOURBON', 'Clínica Bourbon'),
  ('CIDADE SP', 'Clínica Cidade São Paulo'),
  ('PAULISTA', 'Clínica Paulista'),
  ('HIGIENÓPOLIS', 'Clínica Higienópolis'),
  ('ELDORADO', 'Clínica Eldorado'),
  ('CENTER NORTE', 'Clínica Center Norte');
