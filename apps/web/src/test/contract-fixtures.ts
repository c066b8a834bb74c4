import type {
  Contract,
  ContractLedgerEntry,
  ContractPayments,
  InstallmentView,
} from '@portal/domain';

/**
 * Contracts as GET /contracts/{id} answers them (contractSchema), for the care screens' tests.
 * Kept with the web's tests: the API's own fixtures build rows, not answers.
 */
export function makeLedgerEntry(overrides: Partial<ContractLedgerEntry> = {}): ContractLedgerEntry {
  return {
    id: 1,
    kind: 'grant',
    label: 'Sessões contratadas',
    service_id: 1,
    service_name: 'Limpeza de Pele',
    quantity: 4,
    reverses_id: null,
    reversed_by_id: null,
    on_date: null,
    until_date: null,
    days: null,
    professional: null,
    actor: null,
    actor_label: 'Cliente (link)',
    unit: 'LEMONDE',
    reason: null,
    note: null,
    override_reason: null,
    created_at: '2026-11-20T13:00:00.000Z',
    ...overrides,
  };
}

export function makeContract(overrides: Partial<Contract> = {}): Contract {
  return {
    id: 5,
    number: '2026-000042',
    client: { id: 7, full_name: 'Maria José da Silva' },
    unit: 'LEMONDE',
    seller: { id: 2, name: 'Ana Souza' },
    proposal_id: 11,
    package_name: 'Pacote Pele Radiante',
    status: 'ativo',
    channel: 'link',
    accepted_at: '2026-11-20T13:00:00.000Z',
    valid_from: '2026-11-20',
    valid_until: '2027-11-19',
    withdrawal_until: '2026-11-28T02:59:59.999Z',
    price_total: 1234.56,
    sessions_total: 6,
    sessions_used: 1,
    frozen_until: null,
    can_withdraw: false,
    entitlements: [
      {
        service_id: 1,
        name: 'Limpeza de Pele',
        sessions_total: 4,
        sessions_used: 1,
        sessions_remaining: 3,
        unit_price: 154.32,
        total_value: 617.28,
        used_value: 154.32,
        next_allowed_date: '2026-12-24',
      },
      {
        service_id: 2,
        name: 'Peeling Químico',
        sessions_total: 2,
        sessions_used: 0,
        sessions_remaining: 2,
        unit_price: 308.64,
        total_value: 617.28,
        used_value: 0,
        next_allowed_date: null,
      },
    ],
    ledger: [
      makeLedgerEntry(),
      makeLedgerEntry({
        id: 2,
        service_id: 2,
        service_name: 'Peeling Químico',
        quantity: 2,
      }),
    ],
    ...overrides,
  };
}

/** An instalment as GET /contracts/{id}/payments answers it (issue 29). */
export function makeInstallment(overrides: Partial<InstallmentView> = {}): InstallmentView {
  const n = overrides.n ?? 1;
  return {
    id: 100 + n,
    n,
    due_date: `2027-${String(n).padStart(2, '0')}-20`,
    amount: 102.88,
    status: 'agendada',
    status_label: 'Agendada',
    paid_at: null,
    method: 'pix_manual',
    pix_copia_e_cola: null,
    ...overrides,
  };
}

/** A contract's payments: 12 instalments of R$ 1.234,56 (11 × 102,88 + 102,88), none paid. */
export function makeContractPayments(overrides: Partial<ContractPayments> = {}): ContractPayments {
  return {
    plan: {
      method: 'pix_manual',
      pix_automatico: false,
      mandate: null,
      installments: 12,
      due_day: 20,
      total: 1234.56,
      paid: 0,
      open: 1234.56,
    },
    installments: Array.from({ length: 12 }, (_, index) => makeInstallment({ n: index + 1 })),
    refunds: [],
    client_phone: '(11) 97777-2222',
    ...overrides,
  };
}
