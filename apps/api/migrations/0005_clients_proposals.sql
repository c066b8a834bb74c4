-- Issue 13: client records under LGPD, saved and versioned proposals, the public acceptance link.
-- Runs on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- Techniques and ingredients of a procedure, held against clients' allergies and
-- contraindications (packages/domain proposals.ts contraindicationWarnings).
ALTER TABLE services ADD COLUMN traits text[] NOT NULL DEFAULT '{}';

CREATE TABLE clients (
  id                       integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  full_name                text NOT NULL CHECK (btrim(full_name) <> ''),
  preferred_name           text,
  salutation               text,
  phone                    text,
  email                    text,
  -- 11 digits, check digits validated by the app (packages/domain cpf.ts).
  cpf                      text CHECK (cpf ~ '^[0-9]{11}$'),
  birth_date               date,
  unit                     text NOT NULL CHECK (unit IN ('LEMONDE', 'ANALIA', 'VILLA LOBOS', 'JUNDIAÍ', 'TAMBORÉ',
                             'TABOÃO', 'MORUMBI', 'ABC', 'BOURBON', 'CIDADE SP', 'PAULISTA', 'HIGIENÓPOLIS',
                             'ELDORADO', 'CENTER NORTE')),
  preferences              text[] NOT NULL DEFAULT '{}',
  important_dates          text[] NOT NULL DEFAULT '{}',
  channels                 text[] NOT NULL DEFAULT '{}',
  notes                    text,
  -- Sensitive data (LGPD art. 11): non-empty only while consent_health_data is true.
  allergies                text[] NOT NULL DEFAULT '{}',
  health_flags             text[] NOT NULL DEFAULT '{}',
  contraindications        text[] NOT NULL DEFAULT '{}',
  -- The latest ledger entry of each purpose, kept in step with client_consents in one transaction.
  consent_health_data      boolean NOT NULL DEFAULT false,
  consent_marketing        boolean NOT NULL DEFAULT false,
  consent_photos           boolean NOT NULL DEFAULT false,
  -- Folded, lower-cased name and preferred name, phone digits and CPF (app-computed), for
  -- accent-insensitive search.
  search_text              text NOT NULL DEFAULT '',
  created_by               integer REFERENCES users (id) ON DELETE SET NULL,
  anonymized_at            timestamptz,
  created_at               timestamptz NOT NULL DEFAULT now(),
  updated_at               timestamptz NOT NULL DEFAULT now(),
  CHECK (consent_health_data OR (cardinality(allergies) = 0 AND cardinality(health_flags) = 0
    AND cardinality(contraindications) = 0))
);
CREATE UNIQUE INDEX clients_cpf_key ON clients (cpf) WHERE cpf IS NOT NULL;
CREATE INDEX clients_unit_name_idx ON clients (unit, full_name, id);
CREATE INDEX clients_name_idx ON clients (full_name, id);
CREATE INDEX clients_search_idx ON clients USING gin (search_text gin_trgm_ops);

-- Append-only ledgers: a revocation or a new access is a new row, nothing is rewritten.
CREATE FUNCTION refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'O registro % é somente de inclusão.', TG_TABLE_NAME USING ERRCODE = '42501';
END
$$;

CREATE TABLE client_consents (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id     integer NOT NULL REFERENCES clients (id),
  purpose       text NOT NULL CHECK (purpose IN ('health_data', 'marketing', 'photos')),
  granted       boolean NOT NULL,
  text_version  text NOT NULL,
  text          text NOT NULL,
  channel       text NOT NULL CHECK (channel IN ('presencial', 'whatsapp', 'email', 'telefone')),
  -- Who collected it, by id and name at that moment: no foreign key, so deleting a user never
  -- rewrites the ledger.
  collected_by  integer,
  collected_by_name text,
  collected_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_consents_client_idx ON client_consents (client_id, id);
CREATE TRIGGER client_consents_append_only BEFORE UPDATE OR DELETE ON client_consents
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();

CREATE TABLE client_access_log (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id   integer NOT NULL REFERENCES clients (id),
  user_id     integer,
  user_name   text,
  action      text NOT NULL CHECK (action IN ('read_sensitive', 'export', 'anonymize')),
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_access_log_client_idx ON client_access_log (client_id, id);
CREATE TRIGGER client_access_log_append_only BEFORE UPDATE OR DELETE ON client_access_log
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();

-- One counter per year: INSERT … ON CONFLICT DO UPDATE … RETURNING takes the row lock, so two
-- proposals saved at once never share a number.
CREATE TABLE proposal_number_sequences (
  year        integer PRIMARY KEY,
  last_value  integer NOT NULL CHECK (last_value >= 0)
);

CREATE TABLE proposals (
  id                   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number               text NOT NULL CHECK (number ~ '^[0-9]{4}-[0-9]{6,}$'),
  version              integer NOT NULL CHECK (version >= 1),
  client_id            integer NOT NULL REFERENCES clients (id),
  package_id           integer REFERENCES packages (id) ON DELETE SET NULL,
  author_id            integer REFERENCES users (id) ON DELETE SET NULL,
  author_name          text NOT NULL,
  unit                 text NOT NULL,
  status               text NOT NULL DEFAULT 'draft'
                       CHECK (status IN ('draft', 'sent', 'viewed', 'accepted', 'declined', 'superseded')),
  valid_days           integer NOT NULL CHECK (valid_days BETWEEN 1 AND 90),
  valid_until          timestamptz NOT NULL,
  -- The frozen snapshot: client name, package, items (sessions, unit value and cost), totals,
  -- warnings. A later catalogue change never touches it; anonymization replaces the name only.
  client_name          text NOT NULL,
  package_name         text NOT NULL,
  annual_value         numeric(12, 2) NOT NULL CHECK (annual_value >= 0),
  snapshot             jsonb NOT NULL,
  previous_id          integer REFERENCES proposals (id),
  superseded_by_id     integer REFERENCES proposals (id),
  -- SHA-256 of the public link's token; the token itself is never stored.
  token_hash           text UNIQUE,
  link_expires_at      timestamptz,
  link_revoked_at      timestamptz,
  sent_at              timestamptz,
  viewed_at            timestamptz,
  answered_at          timestamptz,
  decline_reason_code  text CHECK (decline_reason_code IN ('preco', 'prazo', 'concorrente', 'sem_interesse', 'saude', 'outro')),
  decline_reason_text  text,
  declined_by          text CHECK (declined_by IN ('client', 'staff')),
  -- {accepted_at, full_name, ip, user_agent, document_sha256}
  acceptance           jsonb,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (number, version)
);
CREATE INDEX proposals_created_idx ON proposals (created_at DESC, id DESC);
CREATE INDEX proposals_unit_created_idx ON proposals (unit, created_at DESC, id DESC);
CREATE INDEX proposals_author_created_idx ON proposals (author_id, created_at DESC, id DESC);
CREATE INDEX proposals_client_idx ON proposals (client_id, created_at DESC, id DESC);
CREATE INDEX proposals_open_sent_idx ON proposals (sent_at) WHERE status IN ('sent', 'viewed');
