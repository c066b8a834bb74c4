-- Issue 29: Pix Automático (API Pix `rec` / `cobr`, journey 3). A plan of a unit with API Pix may
-- collect by one authorisation instead of a due-date charge per instalment.
--  - rec_id: the recurrence's id at the institution (RecId, 29 characters), once created;
--  - rec_status: the authorisation as its webhooks leave it (mandateStatus in
--    packages/domain/src/billing/payment-events.ts), null on a plan without one;
--  - rec_copia_e_cola: journey 3's composite QR (pays the first instalment, authorises the rest);
--  - rec_claimed_until: the one process creating the recurrence holds this claim, so two page
--    views at once cannot create two authorisations for one contract.
ALTER TABLE payment_plans
  ADD COLUMN pix_automatico boolean NOT NULL DEFAULT false,
  ADD COLUMN rec_id text UNIQUE,
  ADD COLUMN rec_status text CHECK (rec_status IN
    ('aguardando', 'ativa', 'cancelada', 'recusada', 'expirada')),
  ADD COLUMN rec_copia_e_cola text,
  ADD COLUMN rec_claimed_until timestamptz,
  ADD CONSTRAINT payment_plans_automatic_api CHECK (NOT pix_automatico OR method = 'api_pix');

-- The unit's account at its institution: a `cobr` names where the money goes
-- (DadosBancariosRecebedor of the API Pix document).
ALTER TABLE unit_billing_settings
  ADD COLUMN account_branch text,
  ADD COLUMN account_number text,
  ADD COLUMN account_type text CHECK (account_type IN ('CORRENTE', 'POUPANCA', 'PAGAMENTO'));
