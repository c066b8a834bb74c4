-- Issue 28: after the signature. An accepted proposal becomes a contract whose sessions the clinic
-- delivers (packages/domain/src/care/ledger.ts holds the rules; apps/api/src/modules/care/contracts
-- the routes). Balances are derived from the append-only ledger, never stored apart from it.

CREATE TABLE contracts (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- One contract per accepted proposal version: a second acceptance cannot make a second one.
  proposal_id       integer NOT NULL UNIQUE REFERENCES proposals (id),
  number            text NOT NULL,
  client_id         integer NOT NULL REFERENCES clients (id),
  -- The client's unit; follows her when she moves, as her proposals do (migration 0017).
  unit              text NOT NULL,
  seller_id         integer REFERENCES users (id) ON DELETE SET NULL,
  seller_name       text NOT NULL,
  package_name      text NOT NULL,
  channel           text NOT NULL CHECK (channel IN ('link', 'presencial')),
  accepted_at       timestamptz NOT NULL,
  valid_from        date NOT NULL,
  valid_until       date NOT NULL CHECK (valid_until >= valid_from),
  -- The end of the 7-day withdrawal of a remote acceptance (CDC art. 49); null in person.
  withdrawal_until  timestamptz,
  price_total       numeric(12,2) NOT NULL CHECK (price_total >= 0),
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contracts_client_idx ON contracts (client_id, id DESC);
CREATE INDEX contracts_unit_idx ON contracts (unit, id DESC);
CREATE INDEX contracts_accepted_idx ON contracts (accepted_at);

-- What was sold, per procedure: sessions and their share of the price (largest remainder,
-- packages/domain/src/care/apportion.ts), and the cost per session frozen with the proposal.
CREATE TABLE contract_entitlements (
  contract_id       integer NOT NULL REFERENCES contracts (id),
  service_id        integer NOT NULL,
  name              text NOT NULL,
  sessions          integer NOT NULL CHECK (sessions > 0),
  total             numeric(12,2) NOT NULL CHECK (total >= 0),
  unit_cost         numeric(12,2) NOT NULL DEFAULT 0,
  position          integer NOT NULL,
  PRIMARY KEY (contract_id, service_id)
);

CREATE TABLE contract_ledger (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contract_id       integer NOT NULL REFERENCES contracts (id),
  kind              text NOT NULL CHECK (kind IN ('grant', 'redeem', 'reverse', 'freeze', 'unfreeze',
                                                 'extend', 'expire', 'cancel', 'withdraw')),
  service_id        integer,
  quantity          integer NOT NULL DEFAULT 0,
  reverses_id       integer REFERENCES contract_ledger (id),
  on_date           date,
  until_date        date,
  days              integer,
  -- The entry's effect on what the clinic still owes, at the contracted price: a grant adds the
  -- line's total, a session subtracts its price, a reversal gives it back, a withdrawal,
  -- cancellation or expiry releases what remained. The liability report sums these.
  value             numeric(12,2) NOT NULL DEFAULT 0,
  -- The cost of the sessions delivered (a session adds, a reversal subtracts).
  cost              numeric(12,2) NOT NULL DEFAULT 0,
  professional_id   integer,
  professional_name text,
  -- Who recorded it: staff (by id and name at that moment, no foreign key so deleting a user
  -- never rewrites the ledger), the client through her link, or the clock.
  actor_kind        text NOT NULL CHECK (actor_kind IN ('staff', 'client', 'system')),
  actor_id          integer,
  actor_name        text,
  -- Where it was recorded.
  unit              text NOT NULL,
  reason            text,
  note              text,
  override_reason   text,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contract_ledger_contract_idx ON contract_ledger (contract_id, id);
CREATE INDEX contract_ledger_created_idx ON contract_ledger (created_at);
-- A session is reversed once; a contract ends once (two clerks at once: the second gets a 409).
CREATE UNIQUE INDEX contract_ledger_one_reversal ON contract_ledger (reverses_id)
  WHERE reverses_id IS NOT NULL;
CREATE UNIQUE INDEX contract_ledger_one_end ON contract_ledger (contract_id)
  WHERE kind IN ('expire', 'cancel', 'withdraw');
CREATE TRIGGER contract_ledger_append_only BEFORE UPDATE OR DELETE ON contract_ledger
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();

-- A contract follows its client, like her proposals.
CREATE FUNCTION contracts_follow_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contracts SET unit = NEW.unit WHERE client_id = NEW.id AND unit IS DISTINCT FROM NEW.unit;
  RETURN NULL;
END
$$;
CREATE TRIGGER clients_contracts_follow
  AFTER UPDATE OF unit ON clients
  FOR EACH ROW
  WHEN (OLD.unit IS DISTINCT FROM NEW.unit)
  EXECUTE FUNCTION contracts_follow_client();

-- Network settings of the after-sale (admins edit them): the cancellation fee on the unused part,
-- in basis points (1000 = 10 %, AFTER-SALE.md section 2).
CREATE TABLE care_settings (
  id                     integer PRIMARY KEY CHECK (id = 1),
  cancellation_fee_bp    integer NOT NULL DEFAULT 1000 CHECK (cancellation_fee_bp BETWEEN 0 AND 10000),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
INSERT INTO care_settings (id) VALUES (1);

-- The audit trail records contracts too (its entries hold ids, statuses and amounts, no personal data).
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check CHECK (entity IN
  ('service', 'package', 'synergy_relation', 'ai_config', 'user', 'proposal', 'contract'));
