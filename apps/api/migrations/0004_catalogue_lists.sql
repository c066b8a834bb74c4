-- Server-side search and paging of the admin lists, one synergy relation per pair of procedures,
-- and names compared in the folded form of packages/domain's normalizeForComparison.
-- Written to run again harmlessly (IF NOT EXISTS, OR REPLACE): its test replays it on a database
-- holding duplicate relations.

-- Users are searched by name (accent- and case-insensitively) or email. unaccent is STABLE (its dictionary
-- could change), so an index needs this IMMUTABLE wrapper naming the dictionary explicitly.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE OR REPLACE FUNCTION portal_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;

-- Name and email in one indexed text (chr(1) between them, which no search can hold): with two
-- indexes joined by OR the planner scanned the table (38 ms for 5 000 users on PostgreSQL 15,
-- against 0.4 ms for one index).
CREATE INDEX IF NOT EXISTS users_search_idx
  ON users USING gin ((portal_fold(name) || chr(1) || email) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS users_name_order_idx ON users (portal_fold(name), id);
CREATE INDEX IF NOT EXISTS users_created_idx ON users (created_at, id);

-- Procedures are searched in name_key (already folded by the app) and ordered by the columns the
-- list offers.
CREATE INDEX IF NOT EXISTS services_name_search_idx ON services USING gin (name_key gin_trgm_ops);
CREATE INDEX IF NOT EXISTS services_value_idx ON services (value, id);
CREATE INDEX IF NOT EXISTS services_created_idx ON services (created_at, id);

-- The trainings admin orders by title and creation date too.
CREATE INDEX IF NOT EXISTS trainings_title_order_idx ON trainings (title_key, id);
CREATE INDEX IF NOT EXISTS trainings_created_idx ON trainings (created_at, id);

-- One relation per unordered pair: keep the oldest of each duplicated pair (the others inflated
-- the recommender's synergy score), then let a unique index refuse new ones, whatever the order
-- the two procedures are given in and however many requests race.
DELETE FROM synergy_relations newer
  USING synergy_relations older
  WHERE least(newer.service_id_1, newer.service_id_2) = least(older.service_id_1, older.service_id_2)
    AND greatest(newer.service_id_1, newer.service_id_2) = greatest(older.service_id_1, older.service_id_2)
    AND newer.id > older.id;
CREATE UNIQUE INDEX IF NOT EXISTS synergy_relations_pair_key
  ON synergy_relations (least(service_id_1, service_id_2), greatest(service_id_1, service_id_2));

-- The folded form now also unifies compatibility characters (fullwidth letters) and drops
-- invisible ones, which SQL cannot reproduce exactly. Every stored key is marked stale here (a
-- control character no folded key can hold, plus the id, so the unique indexes still hold) and
-- recomputed by the app right after the migrations run (apps/api/src/db/refold-keys.ts), under the
-- same lock, before any request is served.
UPDATE services SET name_key = chr(1) || id::text;
UPDATE packages SET name_key = chr(1) || id::text;
UPDATE notices SET title_key = chr(1) || id::text;
UPDATE trainings SET title_key = chr(1) || id::text;
