-- Issue 28, the contract's life on the server: every ledger entry gets the São Paulo day it takes
-- effect (the liability report books it in that month), a cancellation keeps the quote it applied
-- and the fee it retained, the monthly liability sums are kept by triggers (the report of a year
-- reads a few hundred rows, not the ledger), and a client's anonymization may blank the ledger's
-- free texts (docs/decisions/0032-contract-liability-and-expiry.md).

-- The day an entry takes effect: a session its day, a freeze its first day, an expiry the day after
-- the last valid day; any other entry the São Paulo day it was recorded.
ALTER TABLE contract_ledger DISABLE TRIGGER contract_ledger_append_only;
UPDATE contract_ledger SET on_date = (created_at AT TIME ZONE 'America/Sao_Paulo')::date
 WHERE on_date IS NULL;
ALTER TABLE contract_ledger ENABLE TRIGGER contract_ledger_append_only;
ALTER TABLE contract_ledger ALTER COLUMN on_date SET NOT NULL;

-- A cancellation: the fee kept on the unused part (the rest of what it released is the client's),
-- and the quote as it was applied (the term PDF prints it). A withdrawal keeps its quote too.
ALTER TABLE contract_ledger ADD COLUMN retained numeric(12,2) NOT NULL DEFAULT 0;
ALTER TABLE contract_ledger ADD COLUMN quote jsonb;

-- Append-only, except that anonymizing the client blanks the free texts (LGPD art. 18): the
-- figures, kinds, days and who stay; note, reason and override reason may only become the
-- placeholder (packages/domain/src/care/ledger.ts, LEDGER_TEXT_REMOVED) or stay as they were.
CREATE FUNCTION contract_ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed constant text := 'Texto removido na anonimização da cliente.';
BEGIN
  IF TG_OP = 'UPDATE'
     AND (to_jsonb(NEW) - ARRAY['note', 'reason', 'override_reason'])
         = (to_jsonb(OLD) - ARRAY['note', 'reason', 'override_reason'])
     AND (NEW.note IS NOT DISTINCT FROM OLD.note OR NEW.note = removed)
     AND (NEW.reason IS NOT DISTINCT FROM OLD.reason OR NEW.reason = removed)
     AND (NEW.override_reason IS NOT DISTINCT FROM OLD.override_reason
          OR NEW.override_reason = removed) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'O registro % é somente de inclusão.', TG_TABLE_NAME USING ERRCODE = '42501';
END
$$;
DROP TRIGGER contract_ledger_append_only ON contract_ledger;
CREATE TRIGGER contract_ledger_append_only BEFORE UPDATE OR DELETE ON contract_ledger
  FOR EACH ROW EXECUTE FUNCTION contract_ledger_guard();

-- The liability per unit (the contract's, which follows its client) and São Paulo month, at the
-- contracted price: sold, delivered (value and cost), released to the client (refunded), expired,
-- kept by a cancellation fee (retained), and `net`, the month's change of what is still owed.
CREATE TABLE contract_liability_summary (
  unit             text NOT NULL,
  month            date NOT NULL,
  sold             numeric(14,2) NOT NULL DEFAULT 0,
  delivered_value  numeric(14,2) NOT NULL DEFAULT 0,
  delivered_cost   numeric(14,2) NOT NULL DEFAULT 0,
  refunded         numeric(14,2) NOT NULL DEFAULT 0,
  expired          numeric(14,2) NOT NULL DEFAULT 0,
  retained         numeric(14,2) NOT NULL DEFAULT 0,
  net              numeric(14,2) NOT NULL DEFAULT 0,
  PRIMARY KEY (unit, month)
);

-- Adds `sign` × the sums of the given entries (contract_id, kind, on_date, value, cost, retained)
-- to the summary rows of `unit` (null: each contract's own unit).
CREATE FUNCTION contract_liability_add(entries jsonb, target_unit text, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contract_liability_summary AS s
         (unit, month, sold, delivered_value, delivered_cost, refunded, expired, retained, net)
  SELECT coalesce(target_unit, c.unit), date_trunc('month', e.on_date)::date,
         sign * coalesce(sum(e.value) FILTER (WHERE e.kind = 'grant'), 0),
         sign * coalesce(-sum(e.value) FILTER (WHERE e.kind IN ('redeem', 'reverse')), 0),
         sign * coalesce(sum(e.cost) FILTER (WHERE e.kind IN ('redeem', 'reverse')), 0),
         sign * coalesce(sum(-e.value - e.retained) FILTER (WHERE e.kind IN ('withdraw', 'cancel')), 0),
         sign * coalesce(-sum(e.value) FILTER (WHERE e.kind = 'expire'), 0),
         sign * coalesce(sum(e.retained) FILTER (WHERE e.kind = 'cancel'), 0),
         sign * sum(e.value)
    FROM jsonb_to_recordset(entries) AS e(contract_id integer, kind text, on_date date,
                                          value numeric, cost numeric, retained numeric)
    JOIN contracts c ON c.id = e.contract_id
   GROUP BY 1, 2
  ON CONFLICT (unit, month) DO UPDATE SET
    sold = s.sold + EXCLUDED.sold,
    delivered_value = s.delivered_value + EXCLUDED.delivered_value,
    delivered_cost = s.delivered_cost + EXCLUDED.delivered_cost,
    refunded = s.refunded + EXCLUDED.refunded,
    expired = s.expired + EXCLUDED.expired,
    retained = s.retained + EXCLUDED.retained,
    net = s.net + EXCLUDED.net;
END
$$;

-- In the statement's transaction, once per statement (a bulk insert is one aggregate).
CREATE FUNCTION contract_liability_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contract_liability_add(
    (SELECT coalesce(jsonb_agg(jsonb_build_object(
       'contract_id', contract_id, 'kind', kind, 'on_date', on_date, 'value', value,
       'cost', cost, 'retained', retained)), '[]'::jsonb) FROM inserted),
    NULL, 1);
  RETURN NULL;
END
$$;
CREATE TRIGGER contract_ledger_liability AFTER INSERT ON contract_ledger
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION contract_liability_on_insert();

-- A contract that follows its client to another unit takes its history along.
CREATE FUNCTION contract_liability_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entries jsonb;
BEGIN
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'contract_id', contract_id, 'kind', kind, 'on_date', on_date, 'value', value,
           'cost', cost, 'retained', retained)), '[]'::jsonb)
    INTO entries FROM contract_ledger WHERE contract_id = NEW.id;
  PERFORM contract_liability_add(entries, OLD.unit, -1);
  PERFORM contract_liability_add(entries, NEW.unit, 1);
  RETURN NULL;
END
$$;
CREATE TRIGGER contracts_liability_move AFTER UPDATE OF unit ON contracts
  FOR EACH ROW WHEN (OLD.unit IS DISTINCT FROM NEW.unit)
  EXECUTE FUNCTION contract_liability_on_move();

INSERT INTO contract_liability_summary
       (unit, month, sold, delivered_value, delivered_cost, refunded, expired, retained, net)
SELECT c.unit, date_trunc('month', l.on_date)::date,
       coalesce(sum(l.value) FILTER (WHERE l.kind = 'grant'), 0),
       coalesce(-sum(l.value) FILTER (WHERE l.kind IN ('redeem', 'reverse')), 0),
       coalesce(sum(l.cost) FILTER (WHERE l.kind IN ('redeem', 'reverse')), 0),
       coalesce(sum(-l.value - l.retained) FILTER (WHERE l.kind IN ('withdraw', 'cancel')), 0),
       coalesce(-sum(l.value) FILTER (WHERE l.kind = 'expire'), 0),
       coalesce(sum(l.retained) FILTER (WHERE l.kind = 'cancel'), 0),
       sum(l.value)
  FROM contract_ledger l JOIN contracts c ON c.id = l.contract_id
 GROUP BY 1, 2;

-- The front desk's 'Sessões de hoje': the sessions of a day.
CREATE INDEX contract_ledger_sessions_day_idx ON contract_ledger (on_date, contract_id)
  WHERE kind = 'redeem';
-- A drill-down reads a unit's contracts accepted before a month's end.
CREATE INDEX contracts_unit_accepted_idx ON contracts (unit, accepted_at);
