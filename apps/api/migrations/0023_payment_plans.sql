-- Issue 29: collecting a contract's instalments (packages/domain/src/billing holds the rules;
-- apps/api/src/modules/billing the routes). Money in numeric(12,2) reais like every table.

-- A unit's Pix settings (admins): the key, name and city of its static BR Code, and the API Pix
-- of its institution when it has one. Secrets are sealed with AES-256-GCM under a key kept in
-- app_secrets (apps/api/src/modules/billing/unit-settings/sealed.ts) and never answered.
CREATE TABLE unit_billing_settings (
  unit                      text PRIMARY KEY,
  pix_key                   text,
  pix_merchant_name         text,
  pix_merchant_city         text,
  provider                  text NOT NULL DEFAULT 'pix_manual' CHECK (provider IN ('pix_manual', 'api_pix')),
  api_base_url              text,
  api_token_url             text,
  api_client_id             text,
  api_client_secret_sealed  text,
  webhook_secret_sealed     text,
  updated_at                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_plans (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contract_id   integer NOT NULL UNIQUE REFERENCES contracts (id),
  method        text NOT NULL CHECK (method IN ('pix_manual', 'api_pix')),
  installments  integer NOT NULL CHECK (installments BETWEEN 1 AND 12),
  due_day       integer NOT NULL CHECK (due_day BETWEEN 1 AND 31),
  total         numeric(12,2) NOT NULL CHECK (total >= 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- The instalments. `base_*` is the plan without provider events (as scheduled, requested or
-- marked by staff); the other columns are what the events leave (paymentView of
-- packages/domain/src/billing/payment-events.ts), stored so lists read them without folding.
-- 'vencida' is never stored: it is read from the due date (statusOnDay).
CREATE TABLE installments (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  plan_id        integer NOT NULL REFERENCES payment_plans (id) ON DELETE CASCADE,
  contract_id    integer NOT NULL REFERENCES contracts (id),
  n              integer NOT NULL CHECK (n >= 1),
  due_date       date NOT NULL,
  amount         numeric(12,2) NOT NULL CHECK (amount >= 0),
  txid           text NOT NULL UNIQUE,
  base_status    text NOT NULL DEFAULT 'agendada',
  base_paid_at   timestamptz,
  base_refunded  numeric(12,2) NOT NULL DEFAULT 0,
  status         text NOT NULL DEFAULT 'agendada' CHECK (status IN
                   ('agendada', 'solicitada', 'paga', 'falhou', 'vencida', 'cancelada', 'estornada')),
  e2eid          text,
  paid_at        timestamptz,
  refunded       numeric(12,2) NOT NULL DEFAULT 0,
  paid_note      text,
  paid_by        integer,
  -- API Pix: the charge's own 'copia e cola' (its dynamic BR Code), as the provider answered.
  copia_e_cola   text,
  UNIQUE (plan_id, n)
);
CREATE INDEX installments_contract_idx ON installments (contract_id, n);
CREATE INDEX installments_due_idx ON installments (due_date, status);

-- Every provider event accepted into a plan: the reducer's set. (provider, event_id) and the
-- payment's e2eid are unique, so a replay or a second process meets the constraint, never a
-- second payment.
CREATE TABLE payment_events (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider      text NOT NULL,
  event_id      text NOT NULL,
  contract_id   integer NOT NULL REFERENCES contracts (id),
  event         jsonb NOT NULL,
  payload_hash  text NOT NULL,
  outcome       text NOT NULL,
  received_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, event_id)
);
CREATE INDEX payment_events_contract_idx ON payment_events (contract_id, id);

-- What goes back to the client after a withdrawal or cancellation: through the API Pix
-- (devolucao) or by staff (pix_manual), who mark it done.
CREATE TABLE refunds (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contract_id     integer NOT NULL REFERENCES contracts (id),
  installment_id  integer REFERENCES installments (id) ON DELETE SET NULL,
  amount          numeric(12,2) NOT NULL CHECK (amount > 0),
  reason          text NOT NULL CHECK (reason IN ('desistencia', 'cancelamento')),
  method          text NOT NULL CHECK (method IN ('pix_manual', 'api_pix')),
  status          text NOT NULL DEFAULT 'pendente' CHECK (status IN ('pendente', 'solicitada', 'concluida', 'falhou')),
  refund_id       text UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  done_at         timestamptz
);
CREATE INDEX refunds_contract_idx ON refunds (contract_id, id);
