-- Issue 15 (DESIGN.md 7.3): a self-registered account asks for a profile; only an admin grants
-- one. The asked profile lives apart from the granted one, so a pending row is literally a
-- professional and nothing that reads `profile` can mistake the request for a grant.
ALTER TABLE users ADD COLUMN IF NOT EXISTS requested_profile text NULL;
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_requested_profile_check;
ALTER TABLE users ADD CONSTRAINT users_requested_profile_check
  CHECK (requested_profile IS NULL OR requested_profile IN ('professional', 'admin', 'manager'));

-- Rows pending before this migration stored the request in `profile` itself.
UPDATE users
   SET requested_profile = profile,
       profile = 'professional'
 WHERE status = 'pending' AND requested_profile IS NULL;
