-- Every API process keeps the catalogue lists (procedures, packages, synergy relations) as
-- ready-to-send bytes. This counter changes in the same transaction as any catalogue write, so a
-- process that reads it before answering knows at once whether its copy is still the database's,
-- whichever process made the change.
CREATE TABLE catalogue_version (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (true, 1);

-- Before any catalogue statement touches a row, its transaction takes the counter's row lock:
-- catalogue writers queue on this one lock instead of deadlocking on each other's rows.
CREATE FUNCTION lock_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM catalogue_version FOR UPDATE;
  RETURN NULL;
END
$$;

-- After it, the counter moves only if rows did change: a refused edit (an unknown id) leaves the
-- database exactly as it was.
CREATE FUNCTION bump_catalogue_version_if_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE catalogue_version SET version = version + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END
$$;

-- Transition tables allow one event per trigger, hence three AFTER triggers per table.
DO $$
DECLARE
  catalogue_table text;
BEGIN
  FOREACH catalogue_table IN ARRAY
    ARRAY['services', 'service_photos', 'packages', 'package_procedures', 'synergy_relations']
  LOOP
    EXECUTE format('CREATE TRIGGER %1$s_catalogue_lock BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE
      ON %1$I FOR EACH STATEMENT EXECUTE FUNCTION lock_catalogue_version()', catalogue_table);
    EXECUTE format('CREATE TRIGGER %1$s_catalogue_insert AFTER INSERT ON %1$I
      REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version_if_changed()', catalogue_table);
    EXECUTE format('CREATE TRIGGER %1$s_catalogue_update AFTER UPDATE ON %1$I
      REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version_if_changed()', catalogue_table);
    EXECUTE format('CREATE TRIGGER %1$s_catalogue_delete AFTER DELETE ON %1$I
      REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version_if_changed()', catalogue_table);
    EXECUTE format('CREATE TRIGGER %1$s_catalogue_truncate AFTER TRUNCATE ON %1$I
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()', catalogue_table);
  END LOOP;
END
$$;
