-- Every API process keeps the signed-in users' rows, the catalogue version and the shared
-- trainings pages in memory (docs/decisions/0012-read-cache-invalidation.md). These triggers
-- announce each change on one channel. NOTIFY is transactional: it is delivered when, and only
-- if, the writing transaction commits, in commit order, to every listening session (PGlite's own
-- session included), whichever process or SQL console made the change.
--   u:<id>   a user row changed or went away     u:*  every user (TRUNCATE)
--   c        catalogue_version moved             t    a training (or its counts) changed
--   r:<id>   that user's training reactions changed   r:*  everyone's (TRUNCATE)
CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_read_cache', 'u:' || OLD.id);
  RETURN NULL;
END
$$;

CREATE FUNCTION notify_read_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_read_cache', TG_ARGV[0]);
  RETURN NULL;
END
$$;

CREATE FUNCTION notify_reactions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_read_cache', 'r:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_read_cache', 'r:' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_read_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
CREATE TRIGGER users_read_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache('u:*');

CREATE TRIGGER catalogue_version_read_cache AFTER UPDATE ON catalogue_version
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache('c');

CREATE TRIGGER trainings_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON trainings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache('t');

CREATE TRIGGER training_reactions_read_cache AFTER INSERT OR UPDATE OR DELETE ON training_reactions
  FOR EACH ROW EXECUTE FUNCTION notify_reactions_changed();
CREATE TRIGGER training_reactions_read_cache_truncate AFTER TRUNCATE ON training_reactions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache('r:*');
