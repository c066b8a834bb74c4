-- Issue 30: commissions (packages/domain/src/billing/commission.ts holds the rules;
-- apps/api/src/modules/billing/commissions the routes). Entries are not stored: they are derived
-- from contracts, their ledger and the paid instalments each time, except a statement's, frozen
-- when it is approved (docs/decisions/0037-commission-on-margin.md). Money in numeric(12,2) reais.

-- One row per version of a rule: a change is a new version from its `valid_from`; the old
-- versions stay, so any month can be recomputed as it was. `id` is the rule, `version` counts.
CREATE SEQUENCE commission_rule_ids;
CREATE TABLE commission_rules (
  row_id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id                     integer NOT NULL,
  version                integer NOT NULL CHECK (version >= 1),
  name                   text NOT NULL CHECK (btrim(name) <> ''),
  scope_unit             text,
  scope_profile          text,
  scope_professional_id  integer,
  event                  text NOT NULL CHECK (event IN ('venda_aceita', 'parcela_paga', 'sessao_realizada')),
  basis                  text NOT NULL CHECK (basis IN ('preco_contratado', 'margem')),
  -- The domain's rate: {type:'pct',bp} | {type:'fixo',centavos} | {type:'faixas',tiers:[{from,bp}]}.
  rate                   jsonb NOT NULL,
  clawback               text NOT NULL CHECK (clawback IN ('nenhum', 'proporcional', 'integral')),
  valid_from             date NOT NULL,
  created_by             integer,
  created_by_name        text,
  created_at             timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, version)
);
CREATE TRIGGER commission_rules_append_only BEFORE UPDATE OR DELETE ON commission_rules
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();

-- A professional's month once approved (a month without a row is 'prevista', derived live).
-- `entries` is the month's entries as approved (the domain's CommissionEntry, centavos): later
-- rule versions, events or adjustments never rewrite it.
CREATE TABLE commission_statements (
  professional_id   integer NOT NULL REFERENCES users (id),
  period            text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  -- The professional's unit at approval: who may read and approve it.
  unit              text,
  status            text NOT NULL CHECK (status IN ('aprovada', 'paga')),
  entries           jsonb NOT NULL,
  gross             numeric(12,2) NOT NULL,
  net               numeric(12,2) NOT NULL,
  approved_at       timestamptz NOT NULL,
  approved_by       integer,
  approved_by_name  text,
  paid_at           timestamptz,
  paid_by           integer,
  paid_by_name      text,
  PRIMARY KEY (professional_id, period)
);

-- Advances (negative) and bonuses (positive) of a month, with their reason; refused once the
-- month's statement is approved, so an approved net never moves.
CREATE TABLE commission_adjustments (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  professional_id   integer NOT NULL REFERENCES users (id),
  period            text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  amount            numeric(12,2) NOT NULL CHECK (amount <> 0),
  reason            text NOT NULL CHECK (btrim(reason) <> ''),
  created_by        integer,
  created_by_name   text,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX commission_adjustments_month_idx ON commission_adjustments (professional_id, period, id);

-- Sessions by performer, for a professional's statement.
CREATE INDEX contract_ledger_professional_idx ON contract_ledger (professional_id)
  WHERE kind = 'redeem';
CREATE INDEX contracts_seller_idx ON contracts (seller_id);

-- The audit trail records rule versions and statement approvals and payments.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check CHECK (entity IN
  ('service', 'package', 'synergy_relation', 'ai_config', 'user', 'proposal', 'contract', 'client',
   'commission_rule', 'commission_statement'));
