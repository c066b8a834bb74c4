-- Portal Estética: the whole data model. Runs on PostgreSQL 15+ and on PGlite (PostgreSQL 18).
-- Names that must be unique "case and accents folded" carry an app-computed *_key column
-- (see normalizeForComparison in packages/domain), so no IMMUTABLE unaccent wrapper is needed.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name          text NOT NULL CHECK (btrim(name) <> ''),
  email         text NOT NULL CHECK (email = lower(btrim(email)) AND email <> ''),
  phone         text,
  profile       text NOT NULL DEFAULT 'professional' CHECK (profile IN ('professional', 'admin', 'manager')),
  unit          text CHECK (unit IN ('LEMONDE', 'ANALIA', 'VILLA LOBOS', 'JUNDIAÍ', 'TAMBORÉ', 'TABOÃO',
                  'MORUMBI', 'ABC', 'BOURBON', 'CIDADE SP', 'PAULISTA', 'HIGIENÓPOLIS', 'ELDORADO', 'CENTER NORTE')),
  status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'pending')),
  profile_photo text,
  password_hash text NOT NULL,
  -- Bumped when the password changes so tokens issued before it stop working.
  token_version integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE password_reset_tokens (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

CREATE TABLE services (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name               text NOT NULL CHECK (btrim(name) <> ''),
  name_key           text NOT NULL UNIQUE,
  description        text NOT NULL DEFAULT '',
  block              char(1) NOT NULL DEFAULT 'A' CHECK (block IN ('A', 'B', 'C', 'D')),
  value              numeric(12, 2) NOT NULL DEFAULT 0 CHECK (value >= 0),
  cost               numeric(12, 2) NOT NULL DEFAULT 0 CHECK (cost >= 0),
  min_margin_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (min_margin_percent BETWEEN 0 AND 100),
  session_limit      integer NOT NULL DEFAULT 0 CHECK (session_limit >= 0),
  status             text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  main_function      text,
  benefit1           text,
  benefit2           text,
  benefit3           text,
  photos_limit       integer NOT NULL DEFAULT 4 CHECK (photos_limit BETWEEN 0 AND 4),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX services_block_idx ON services (block, status);

CREATE TABLE service_photos (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  service_id  integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  position    integer NOT NULL CHECK (position BETWEEN 1 AND 4),
  mime_type   text NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/webp')),
  image       bytea NOT NULL,
  caption     text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (service_id, position)
);

CREATE TABLE packages (
  id                     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                   text NOT NULL CHECK (btrim(name) <> ''),
  name_key               text NOT NULL UNIQUE,
  annual_value           numeric(12, 2) NOT NULL DEFAULT 0 CHECK (annual_value >= 0),
  discount_percent       numeric(5, 2) NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  status                 text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  session_limit          integer CHECK (session_limit >= 0),
  block_limit_a          integer NOT NULL DEFAULT 0 CHECK (block_limit_a >= 0),
  block_limit_b          integer NOT NULL DEFAULT 0 CHECK (block_limit_b >= 0),
  block_limit_c          integer NOT NULL DEFAULT 0 CHECK (block_limit_c >= 0),
  block_limit_d          integer NOT NULL DEFAULT 0 CHECK (block_limit_d >= 0),
  -- "Select all" is a flag, so procedures created later are allowed too (DESIGN 7.7 in
  -- docs/architecture.md).
  all_procedures_allowed boolean NOT NULL DEFAULT true,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

-- One row per (package, service): a procedure is either allowed or restricted, never both.
CREATE TABLE package_procedures (
  package_id  integer NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  service_id  integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('allowed', 'restricted')),
  PRIMARY KEY (package_id, service_id)
);
CREATE INDEX package_procedures_service_idx ON package_procedures (service_id);

CREATE TABLE synergy_relations (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  service_id_1   integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  service_id_2   integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  category       text NOT NULL CHECK (btrim(category) <> ''),
  rationale      text,
  boost_percent  integer NOT NULL DEFAULT 0 CHECK (boost_percent BETWEEN 0 AND 100),
  base_narrative text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (service_id_1 <> service_id_2)
);
CREATE INDEX synergy_relations_service1_idx ON synergy_relations (service_id_1);
CREATE INDEX synergy_relations_service2_idx ON synergy_relations (service_id_2);

CREATE TABLE notices (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title       text NOT NULL CHECK (btrim(title) <> ''),
  title_key   text NOT NULL UNIQUE,
  text        text NOT NULL CHECK (btrim(text) <> '' AND char_length(text) <= 280),
  category    text NOT NULL CHECK (category IN ('urgent', 'scarcity', 'exclusive', 'new_purchase')),
  active      boolean NOT NULL DEFAULT true,
  image_url   text CHECK (image_url IS NULL OR image_url ~* '^https?://'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE trainings (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title            text NOT NULL CHECK (btrim(title) <> ''),
  title_key        text NOT NULL UNIQUE,
  description      text NOT NULL DEFAULT '',
  category         text NOT NULL DEFAULT 'sales' CHECK (category IN ('skincare', 'body', 'equipment', 'sales', 'other')),
  video_url        text CHECK (video_url IS NULL OR video_url ~* '^https?://'),
  published_at     timestamptz,
  content_sections jsonb NOT NULL DEFAULT '[]'::jsonb
                   CHECK (jsonb_typeof(content_sections) = 'array' AND jsonb_array_length(content_sections) <= 4),
  active           boolean NOT NULL DEFAULT true,
  like_count       integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
  dislike_count    integer NOT NULL DEFAULT 0 CHECK (dislike_count >= 0),
  -- Folded, lower-cased title and description, for accent-insensitive search (app-computed).
  search_text      text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trainings_published_idx ON trainings ((coalesce(published_at, created_at)) DESC, id DESC);
CREATE INDEX trainings_category_published_idx ON trainings (category, (coalesce(published_at, created_at)) DESC, id DESC);
CREATE INDEX trainings_popular_idx ON trainings (like_count DESC, id DESC);
CREATE INDEX trainings_category_popular_idx ON trainings (category, like_count DESC, id DESC);
CREATE INDEX trainings_search_idx ON trainings USING gin (search_text gin_trgm_ops);

-- One reaction per user per training (DESIGN 7.6 in docs/architecture.md); counts on trainings
-- are kept in step.
CREATE TABLE training_reactions (
  training_id integer NOT NULL REFERENCES trainings (id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reaction    text NOT NULL CHECK (reaction IN ('like', 'dislike')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (training_id, user_id)
);
CREATE INDEX training_reactions_user_idx ON training_reactions (user_id);

CREATE TABLE ai_configs (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  codigo      text NOT NULL UNIQUE CHECK (btrim(codigo) <> ''),
  prompt      text NOT NULL CHECK (btrim(prompt) <> '' AND char_length(prompt) <= 8000),
  rules       text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Secrets generated on first start (the token signing key when JWT_SECRET is not set), shared by
-- every API process on the same database.
CREATE TABLE app_secrets (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
