-- Issue 27: exact figures (docs/decisions/0033-deal-funnel-and-exact-figures.md). Runs on
-- PostgreSQL 15+ and on PGlite.

-- floor(a / b) for b > 0, exact: numeric `div` truncates toward zero without rounding the
-- quotient (a plain numeric division rounds 3499.99999999999999999… up to 3500).
CREATE FUNCTION floor_div(a numeric, b numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN a < 0 AND mod(a, b) <> 0 THEN div(a, b) - 1 ELSE div(a, b) END
$$;

-- 1. The stored percents from integers: margin (0.7·P − C) / P and discount (S − P) / S in
--    whole basis points rounded down, as packages/domain shared/basis-points.ts computes them
--    now. R$ 1.800 with cost R$ 630 was stored as 34.99999999999999 and counted 'Abaixo da
--    margem mínima' against 35; it is 35.00. The cost is receitaLiquida − lucro, both exact in
--    the snapshot. The PDF draws from the items and the price, never these percents, so an
--    accepted proposal's document (and its SHA-256) is unchanged. The summary trigger of
--    migration 0015 takes each old row away and adds the new one, so the dashboard follows.
WITH cents AS (
  SELECT id,
         round((snapshot -> 'totals' ->> 'annual')::numeric * 100) AS p,
         round(((snapshot -> 'totals' ->> 'receitaLiquida')::numeric
                - (snapshot -> 'totals' ->> 'lucro')::numeric) * 100) AS c,
         round((snapshot -> 'totals' ->> 'servicesTotalValue')::numeric * 100) AS s
    FROM proposals),
exact AS (
  SELECT id,
         round(CASE WHEN p > 0 THEN floor_div((7 * p - 10 * c) * 10000, 10 * p) ELSE 0 END / 100, 2)
           AS margin,
         round(CASE WHEN s > 0 THEN floor_div((s - p) * 10000, s) ELSE 0 END / 100, 2) AS discount
    FROM cents)
UPDATE proposals pr
   SET snapshot = jsonb_set(jsonb_set(pr.snapshot, '{totals,margemPct}', to_jsonb(e.margin)),
                            '{totals,discountPct}', to_jsonb(e.discount))
  FROM exact e
 WHERE e.id = pr.id
   AND ((pr.snapshot -> 'totals' ->> 'margemPct')::numeric IS DISTINCT FROM e.margin
        OR (pr.snapshot -> 'totals' ->> 'discountPct')::numeric IS DISTINCT FROM e.discount);

-- 2. A proposal is valid until the end of the São Paulo day its PDF prints (creation day +
--    valid_days): the last millisecond of that day, as packages/domain proposalValidUntil. The
--    link sent with it expires with it.
WITH ends AS (
  SELECT id, valid_until AS old_until,
         ((((created_at AT TIME ZONE 'America/Sao_Paulo')::date + valid_days + 1)::timestamp
           AT TIME ZONE 'America/Sao_Paulo') - interval '1 millisecond') AS until
    FROM proposals)
UPDATE proposals pr
   SET valid_until = e.until,
       link_expires_at = CASE WHEN pr.link_expires_at = e.old_until THEN e.until
                              ELSE pr.link_expires_at END
  FROM ends e
 WHERE e.id = pr.id AND pr.valid_until <> e.until;

-- 3. `basis=aceite`: the latest versions answered in a period, by the answer's instant.
CREATE INDEX proposals_answered_idx ON proposals (answered_at)
  WHERE superseded_by_id IS NULL AND status IN ('accepted', 'declined');
