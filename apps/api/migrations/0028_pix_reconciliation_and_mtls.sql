-- Issue 29: the daily reconciliation of received Pix and the API Pix's mTLS client certificate
-- (docs/decisions/0044-pix-reconciliation.md, docs/decisions/0045-api-pix-mtls.md).

-- A unit's mTLS client certificate for its institution (PEM): the certificate is public and kept
-- plain; its private key is sealed like the other secrets (unit-settings/sealed.ts). Neither is
-- ever answered.
ALTER TABLE unit_billing_settings
  ADD COLUMN api_certificate      text,
  ADD COLUMN api_private_key_sealed text;

-- One report per unit and São Paulo day: the provider's list of received Pix against the plans.
-- A second run of the same day rewrites it with the same figures (`recovered` accumulates what
-- earlier runs applied). `differences` holds txids, e2eids and amounts only, no personal data.
CREATE TABLE billing_reconciliations (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  unit         text NOT NULL,
  day          date NOT NULL,
  received     integer NOT NULL CHECK (received >= 0),
  recovered    integer NOT NULL CHECK (recovered >= 0),
  known        integer NOT NULL CHECK (known >= 0),
  refused      integer NOT NULL CHECK (refused >= 0),
  differences  jsonb NOT NULL DEFAULT '[]'::jsonb,
  ran_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (unit, day)
);
CREATE INDEX billing_reconciliations_day_idx ON billing_reconciliations (day DESC, unit);
