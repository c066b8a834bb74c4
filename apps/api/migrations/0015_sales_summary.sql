-- Issue 14: the managers' dashboard's sums kept per São Paulo day and per week (Monday), written
-- by a statement-level trigger in the transaction of every proposal change, so a year of the
-- network sums ~20 000 small rows instead of 200 000 proposals and 600 000 accepted items
-- (docs/decisions/0020-dashboard-summary.md). Only `expired`, which depends on the clock, is
-- read live: the summary keeps `open` (draft, sent, viewed) and the dashboard subtracts the open
-- ones still valid now. Same definitions as packages/domain dashboard.ts proposalSalesCounts.
-- Runs on PostgreSQL 15+ and on PGlite.

-- Figures by span ('d' a São Paulo day, 'w' the week starting that Monday), unit and author
-- (0: deleted author). The author is in the key so two authors' saves never wait on one row.
CREATE TABLE sales_summary (
  span                   char(1) NOT NULL CHECK (span IN ('d', 'w')),
  start                  date    NOT NULL,
  unit                   text    NOT NULL,
  author_key             integer NOT NULL,
  created                integer NOT NULL,
  sent                   integer NOT NULL,
  viewed                 integer NOT NULL,
  open_count             integer NOT NULL,
  accepted               integer NOT NULL,
  declined               integer NOT NULL,
  declined_preco         integer NOT NULL,
  declined_prazo         integer NOT NULL,
  declined_concorrente   integer NOT NULL,
  declined_sem_interesse integer NOT NULL,
  declined_saude         integer NOT NULL,
  declined_outro         integer NOT NULL,
  declined_none          integer NOT NULL,
  -- Exact sums (numeric: adding and taking away never drifts).
  accepted_value         numeric NOT NULL,
  discount_pct_sum       numeric NOT NULL,
  margin_pct_sum         numeric NOT NULL,
  below_min_margin       integer NOT NULL,
  -- The latest saved proposal counted here (its author_name names the author).
  max_id                 integer,
  PRIMARY KEY (span, start, unit, author_key)
);

-- Accepted items by span, unit, procedure and block. Only an acceptance (or a deletion) changes
-- them, never a save: a saved proposal is a draft.
CREATE TABLE sales_item_summary (
  span           char(1) NOT NULL CHECK (span IN ('d', 'w')),
  start          date    NOT NULL,
  unit           text    NOT NULL,
  service_id     integer NOT NULL,
  block          text    NOT NULL,
  sessions       integer NOT NULL,
  proposals      integer NOT NULL,
  value          numeric NOT NULL,
  max_proposal_id integer,
  PRIMARY KEY (span, start, unit, service_id, block)
);

-- Accepted proposals by span, unit and package (0: deleted package).
CREATE TABLE sales_package_summary (
  span        char(1) NOT NULL CHECK (span IN ('d', 'w')),
  start       date    NOT NULL,
  unit        text    NOT NULL,
  package_key integer NOT NULL,
  accepted    integer NOT NULL,
  value       numeric NOT NULL,
  max_id      integer,
  PRIMARY KEY (span, start, unit, package_key)
);

-- What one proposal version adds (sign 1) or takes away (sign -1); only latest versions count.
CREATE TYPE sales_change AS (
  sign                integer,
  id                  integer,
  day                 date,
  unit                text,
  author_key          integer,
  package_key         integer,
  status              text,
  sent                boolean,
  viewed              boolean,
  annual_value        numeric,
  discount_pct        numeric,
  margin_pct          numeric,
  below_min_margin    boolean,
  decline_reason_code text,
  items               jsonb
);

CREATE FUNCTION sales_change_of(p proposals, sign integer) RETURNS sales_change
LANGUAGE sql STABLE AS $$
  SELECT ROW(sign, p.id, (p.created_at AT TIME ZONE 'America/Sao_Paulo')::date, p.unit,
             coalesce(p.author_id, 0), coalesce(p.package_id, 0), p.status,
             p.sent_at IS NOT NULL, p.viewed_at IS NOT NULL, p.annual_value,
             -- Through text: float8::numeric keeps 15 digits and rounds 69.37499999999999 to 69.375.
             p.discount_pct::text::numeric, p.margin_pct::text::numeric, p.margin_pct < p.min_margin_pct,
             p.decline_reason_code,
             CASE WHEN p.status = 'accepted' THEN p.snapshot -> 'items' END)::sales_change
$$;

CREATE FUNCTION sales_summary_apply(changes sales_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changes) = 0 THEN
    RETURN;
  END IF;
  -- Keys in a fixed order, so two transactions lock shared rows in the same order.
  WITH c AS (SELECT * FROM unnest(changes)),
  spans AS (
    SELECT 'd' AS span, c.day AS start, c.* FROM c
    UNION ALL
    SELECT 'w', date_trunc('week', c.day::timestamp)::date, c.* FROM c)
  INSERT INTO sales_summary AS s (span, start, unit, author_key, created, sent, viewed, open_count,
    accepted, declined, declined_preco, declined_prazo, declined_concorrente,
    declined_sem_interesse, declined_saude, declined_outro, declined_none, accepted_value,
    discount_pct_sum, margin_pct_sum, below_min_margin, max_id)
  SELECT * FROM (
    SELECT span, start, unit, author_key,
           sum(sign)::int AS created,
           coalesce(sum(sign) FILTER (WHERE sent), 0)::int AS sent,
           coalesce(sum(sign) FILTER (WHERE viewed), 0)::int AS viewed,
           coalesce(sum(sign) FILTER (WHERE status IN ('draft', 'sent', 'viewed')), 0)::int AS open_count,
           coalesce(sum(sign) FILTER (WHERE status = 'accepted'), 0)::int AS accepted,
           coalesce(sum(sign) FILTER (WHERE status = 'declined'), 0)::int AS declined,
           coalesce(sum(sign) FILTER (WHERE status = 'declined' AND decline_reason_code = 'preco'), 0)::int AS d1,
           coalesce(sum(sign) FILTER (WHERE status = 'declined' AND decline_reason_code = 'prazo'), 0)::int AS d2,
           coalesce(sum(sign) FILTER (WHERE status = 'declined' AND decline_reason_code = 'concorrente'), 0)::int AS d3,
           coalesce(sum(sign) FILTER (WHERE status = 'declined' AND decline_reason_code = 'sem_interesse'), 0)::int AS d4,
           coalesce(sum(sign) FILTER (WHERE status = 'declined' AND decline_reason_code = 'saude'), 0)::int AS d5,
           coalesce(sum(sign) FILTER (WHERE status = 'declined' AND decline_reason_code = 'outro'), 0)::int AS d6,
           coalesce(sum(sign) FILTER (WHERE status = 'declined' AND decline_reason_code IS NULL), 0)::int AS d7,
           coalesce(sum(sign * annual_value) FILTER (WHERE status = 'accepted'), 0) AS accepted_value,
           coalesce(sum(sign * discount_pct) FILTER (WHERE status = 'accepted'), 0) AS discount_pct_sum,
           coalesce(sum(sign * margin_pct) FILTER (WHERE status = 'accepted'), 0) AS margin_pct_sum,
           coalesce(sum(sign) FILTER (WHERE status = 'accepted' AND below_min_margin), 0)::int AS below,
           max(id) FILTER (WHERE sign > 0) AS max_id
      FROM spans
     GROUP BY span, start, unit, author_key) d
  -- An update that changes no figure (a link, an anonymized name) writes nothing.
  WHERE NOT (created = 0 AND sent = 0 AND viewed = 0 AND open_count = 0 AND accepted = 0
             AND declined = 0 AND d1 = 0 AND d2 = 0 AND d3 = 0 AND d4 = 0 AND d5 = 0 AND d6 = 0
             AND d7 = 0 AND accepted_value = 0 AND discount_pct_sum = 0 AND margin_pct_sum = 0
             AND below = 0)
  ORDER BY span, start, unit, author_key
  ON CONFLICT (span, start, unit, author_key) DO UPDATE SET
    created = s.created + EXCLUDED.created,
    sent = s.sent + EXCLUDED.sent,
    viewed = s.viewed + EXCLUDED.viewed,
    open_count = s.open_count + EXCLUDED.open_count,
    accepted = s.accepted + EXCLUDED.accepted,
    declined = s.declined + EXCLUDED.declined,
    declined_preco = s.declined_preco + EXCLUDED.declined_preco,
    declined_prazo = s.declined_prazo + EXCLUDED.declined_prazo,
    declined_concorrente = s.declined_concorrente + EXCLUDED.declined_concorrente,
    declined_sem_interesse = s.declined_sem_interesse + EXCLUDED.declined_sem_interesse,
    declined_saude = s.declined_saude + EXCLUDED.declined_saude,
    declined_outro = s.declined_outro + EXCLUDED.declined_outro,
    declined_none = s.declined_none + EXCLUDED.declined_none,
    accepted_value = s.accepted_value + EXCLUDED.accepted_value,
    discount_pct_sum = s.discount_pct_sum + EXCLUDED.discount_pct_sum,
    margin_pct_sum = s.margin_pct_sum + EXCLUDED.margin_pct_sum,
    below_min_margin = s.below_min_margin + EXCLUDED.below_min_margin,
    max_id = greatest(s.max_id, EXCLUDED.max_id);

  -- A proposal that left a key (revised, deleted, its author deleted) may have been the latest
  -- there: look the latest up again.
  WITH c AS (SELECT * FROM unnest(changes)),
  spans AS (
    SELECT 'd' AS span, c.day AS start, c.* FROM c
    UNION ALL
    SELECT 'w', date_trunc('week', c.day::timestamp)::date, c.* FROM c),
  gone AS (
    SELECT span, start, unit, author_key, id FROM spans
     GROUP BY span, start, unit, author_key, id HAVING sum(sign) < 0)
  UPDATE sales_summary s SET max_id = (
    SELECT max(p.id) FROM proposals p
     WHERE p.superseded_by_id IS NULL AND p.status <> 'superseded' AND p.unit = s.unit
       AND (p.author_id = s.author_key OR (s.author_key = 0 AND p.author_id IS NULL))
       AND p.created_at >= (s.start::timestamp AT TIME ZONE 'America/Sao_Paulo')
       AND p.created_at < ((s.start + CASE WHEN s.span = 'd' THEN 1 ELSE 7 END)::timestamp
                           AT TIME ZONE 'America/Sao_Paulo'))
    FROM gone g
   WHERE s.span = g.span AND s.start = g.start AND s.unit = g.unit
     AND s.author_key = g.author_key AND s.max_id = g.id;

  -- Accepted items and packages: only accepted versions carry items (sales_change_of).
  WITH c AS (SELECT * FROM unnest(changes) WHERE status = 'accepted'),
  spans AS (
    SELECT 'd' AS span, c.day AS start, c.* FROM c
    UNION ALL
    SELECT 'w', date_trunc('week', c.day::timestamp)::date, c.* FROM c),
  lines AS (
    SELECT spans.span, spans.start, spans.unit, spans.sign, spans.id,
           (item.value ->> 'service_id')::integer AS service_id, item.value ->> 'block' AS block,
           (item.value ->> 'sessions')::integer AS sessions,
           (item.value ->> 'total_value')::numeric(12, 2) AS total_value
      FROM spans CROSS JOIN LATERAL jsonb_array_elements(spans.items) AS item(value))
  INSERT INTO sales_item_summary AS s (span, start, unit, service_id, block, sessions, proposals,
    value, max_proposal_id)
  SELECT span, start, unit, service_id, block, sum(sign * sessions)::int, sum(sign)::int,
         sum(sign * total_value), max(id) FILTER (WHERE sign > 0)
    FROM lines
   GROUP BY span, start, unit, service_id, block
  HAVING sum(sign) <> 0 OR sum(sign * sessions) <> 0 OR sum(sign * total_value) <> 0
   ORDER BY span, start, unit, service_id, block
  ON CONFLICT (span, start, unit, service_id, block) DO UPDATE SET
    sessions = s.sessions + EXCLUDED.sessions,
    proposals = s.proposals + EXCLUDED.proposals,
    value = s.value + EXCLUDED.value,
    max_proposal_id = greatest(s.max_proposal_id, EXCLUDED.max_proposal_id);

  WITH c AS (SELECT * FROM unnest(changes) WHERE status = 'accepted'),
  spans AS (
    SELECT 'd' AS span, c.day AS start, c.* FROM c
    UNION ALL
    SELECT 'w', date_trunc('week', c.day::timestamp)::date, c.* FROM c)
  INSERT INTO sales_package_summary AS s (span, start, unit, package_key, accepted, value, max_id)
  SELECT span, start, unit, package_key, sum(sign)::int, sum(sign * annual_value),
         max(id) FILTER (WHERE sign > 0)
    FROM spans
   GROUP BY span, start, unit, package_key
  HAVING sum(sign) <> 0 OR sum(sign * annual_value) <> 0
   ORDER BY span, start, unit, package_key
  ON CONFLICT (span, start, unit, package_key) DO UPDATE SET
    accepted = s.accepted + EXCLUDED.accepted,
    value = s.value + EXCLUDED.value,
    max_id = greatest(s.max_id, EXCLUDED.max_id);

  -- An accepted proposal never changes again; only a deletion or a package's removal takes one
  -- away, and then the latest one of its keys is looked up again.
  WITH c AS (SELECT * FROM unnest(changes) WHERE status = 'accepted'),
  spans AS (
    SELECT 'd' AS span, c.day AS start, c.* FROM c
    UNION ALL
    SELECT 'w', date_trunc('week', c.day::timestamp)::date, c.* FROM c),
  gone AS (
    SELECT span, start, unit, package_key, id FROM spans
     GROUP BY span, start, unit, package_key, id HAVING sum(sign) < 0)
  UPDATE sales_package_summary s SET max_id = (
    SELECT max(p.id) FROM proposals p
     WHERE p.status = 'accepted' AND p.superseded_by_id IS NULL AND p.unit = s.unit
       AND (p.package_id = s.package_key OR (s.package_key = 0 AND p.package_id IS NULL))
       AND p.created_at >= (s.start::timestamp AT TIME ZONE 'America/Sao_Paulo')
       AND p.created_at < ((s.start + CASE WHEN s.span = 'd' THEN 1 ELSE 7 END)::timestamp
                           AT TIME ZONE 'America/Sao_Paulo'))
    FROM gone g
   WHERE s.span = g.span AND s.start = g.start AND s.unit = g.unit
     AND s.package_key = g.package_key AND s.max_id = g.id;

  WITH c AS (SELECT * FROM unnest(changes) WHERE status = 'accepted' AND sign < 0),
  spans AS (
    SELECT 'd' AS span, c.day AS start, c.* FROM c
    UNION ALL
    SELECT 'w', date_trunc('week', c.day::timestamp)::date, c.* FROM c),
  gone AS (
    SELECT DISTINCT spans.span, spans.start, spans.unit, spans.id,
           (item.value ->> 'service_id')::integer AS service_id, item.value ->> 'block' AS block
      FROM spans CROSS JOIN LATERAL jsonb_array_elements(spans.items) AS item(value))
  UPDATE sales_item_summary s SET max_proposal_id = (
    SELECT max(p.id) FROM proposals p JOIN proposal_items i ON i.proposal_id = p.id
     WHERE p.status = 'accepted' AND p.superseded_by_id IS NULL AND p.unit = s.unit
       AND i.service_id = s.service_id AND i.block = s.block
       AND p.created_at >= (s.start::timestamp AT TIME ZONE 'America/Sao_Paulo')
       AND p.created_at < ((s.start + CASE WHEN s.span = 'd' THEN 1 ELSE 7 END)::timestamp
                           AT TIME ZONE 'America/Sao_Paulo'))
    FROM gone g
   WHERE s.span = g.span AND s.start = g.start AND s.unit = g.unit
     AND s.service_id = g.service_id AND s.block = g.block AND s.max_proposal_id = g.id;
END
$$;

-- Set-based, once per statement (a bulk insert sums its rows in one go). Transition tables allow
-- one event per trigger, hence three.
CREATE FUNCTION proposals_write_summary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sales_summary_apply(ARRAY(
      SELECT sales_change_of(n, 1) FROM new_rows n
       WHERE n.superseded_by_id IS NULL AND n.status <> 'superseded'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM sales_summary_apply(ARRAY(
      SELECT sales_change_of(o, -1) FROM old_rows o
       WHERE o.superseded_by_id IS NULL AND o.status <> 'superseded'));
  ELSE
    PERFORM sales_summary_apply(ARRAY(
      SELECT sales_change_of(o, -1) FROM old_rows o
       WHERE o.superseded_by_id IS NULL AND o.status <> 'superseded'
      UNION ALL
      SELECT sales_change_of(n, 1) FROM new_rows n
       WHERE n.superseded_by_id IS NULL AND n.status <> 'superseded'));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER proposals_write_summary_insert AFTER INSERT ON proposals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION proposals_write_summary();
CREATE TRIGGER proposals_write_summary_update AFTER UPDATE ON proposals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION proposals_write_summary();
CREATE TRIGGER proposals_write_summary_delete AFTER DELETE ON proposals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION proposals_write_summary();

-- The proposals stored so far.
SELECT sales_summary_apply(ARRAY(
  SELECT sales_change_of(p, 1) FROM proposals p
   WHERE p.superseded_by_id IS NULL AND p.status <> 'superseded'));

-- `expired` is read live: the open latest versions still valid at the time asked.
CREATE INDEX proposals_open_valid_idx ON proposals (valid_until)
  INCLUDE (created_at, unit, author_id)
  WHERE superseded_by_id IS NULL AND status IN ('draft', 'sent', 'viewed');
