-- Issue 26: the clinical check (packages/domain/src/catalogue/clinical/) reads codes, not words.
--
-- 1. A client's health conditions as codes from CONDITION_CODES, each with an optional note
--    ([{"code": "GESTACAO", "note": null}]), under the same health-data consent as the allergies
--    and the free-text flags (which stay, read by the same recognizer).
-- 2. A procedure's clinical traits (the domain's clinicalTraitsSchema); null until an admin or
--    the demo seed fills them, and the check then warns `unknown_traits` instead of guessing.
-- 3. Proposal warnings stored before this migration had no condition or severity: they become
--    relative warnings of the new shape (they were only ever warnings), so every answer carries
--    one shape. Overrides of absolute contraindications are kept in the snapshot beside them.

ALTER TABLE clients
  ADD COLUMN health_conditions jsonb NOT NULL DEFAULT '[]'::jsonb
    CHECK (jsonb_typeof(health_conditions) = 'array');

ALTER TABLE services
  ADD COLUMN clinical_traits jsonb
    CHECK (clinical_traits IS NULL OR jsonb_typeof(clinical_traits) = 'object');

UPDATE proposals
   SET snapshot = jsonb_set(
         snapshot,
         '{warnings}',
         (SELECT coalesce(jsonb_agg(
                   w || jsonb_build_object(
                     'condition', coalesce(w->>'condition', 'FICHA'),
                     'severity', coalesce(w->>'severity', 'relative'))), '[]'::jsonb)
            FROM jsonb_array_elements(snapshot->'warnings') AS w))
 WHERE jsonb_typeof(snapshot->'warnings') = 'array'
   AND snapshot->'warnings' <> '[]'::jsonb;
