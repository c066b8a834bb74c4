import { brCodeAmount, cpfDigits, type Centavos, type PaymentMethod } from '@portal/domain';
import { pixApiClient } from '../pix-api/client.ts';
import type { UnitPix } from '../unit-settings/service.ts';
import type { components } from '../pix-api/generated.ts';

/**
 * The provider port (issue 29): how a plan's method sends a charge and a refund. `pix_manual`
 * needs no provider (the static BR Code is drawn on read, staff confirm payments and refunds);
 * `api_pix` is the Banco Central's standard API. A card or boleto gateway would be a third
 * implementation of this interface, with its own webhook parser.
 */
export interface ChargeRequest {
  txid: string;
  amount: Centavos;
  dueDate: string;
  payer: { name: string; cpf: string | null };
  description: string;
}

export type ChargeAnswer = { ok: true; copiaECola: string | null } | { ok: false; problem: string };

export interface RefundRequest {
  e2eid: string;
  refundId: string;
  amount: Centavos;
}

export type RefundAnswer =
  { ok: true; status: 'solicitada' | 'concluida' } | { ok: false; problem: string };

/** The Pix received between two instants, as the institution lists them (every page). */
export type ReceivedAnswer =
  { ok: true; pix: components['schemas']['Pix'][] } | { ok: false; problem: string };

export interface PaymentProvider {
  readonly method: PaymentMethod;
  requestCharge(unit: UnitPix, charge: ChargeRequest): Promise<ChargeAnswer>;
  requestRefund(unit: UnitPix, refund: RefundRequest): Promise<RefundAnswer>;
  /** For the daily reconciliation (payments/reconciliation.ts). */
  listReceived(unit: UnitPix, period: { from: Date; to: Date }): Promise<ReceivedAnswer>;
}

const pixManual: PaymentProvider = {
  method: 'pix_manual',
  requestCharge: () => Promise.resolve({ ok: true, copiaECola: null }),
  requestRefund: () => Promise.resolve({ ok: false, problem: 'manual' }),
  listReceived: () => Promise.resolve({ ok: false, problem: 'manual' }),
};

/** Pages read per reconciliation at most (1 000 Pix each): a runaway paging loop stops. */
const RECEIVED_MAX_PAGES = 100;

/** The RFC 7807 title of an API Pix refusal, for the log (never the payer's data). */
function problemOf(error: unknown, status: number): string {
  const title =
    typeof error === 'object' && error !== null && 'title' in error ? String(error.title) : '';
  return `${status} ${title}`.trim();
}

const apiPix: PaymentProvider = {
  method: 'api_pix',
  async requestCharge(unit, charge) {
    if (!unit.api || !unit.pixKey) return { ok: false, problem: 'api_pix não configurada' };
    if (!charge.payer.cpf) return { ok: false, problem: 'devedor sem CPF' };
    try {
      const { data, error, response } = await pixApiClient(unit.api).PUT('/cobv/{txid}', {
        params: { path: { txid: charge.txid } },
        body: {
          calendario: { dataDeVencimento: charge.dueDate, validadeAposVencimento: 30 },
          devedor: { cpf: cpfDigits(charge.payer.cpf), nome: charge.payer.name.slice(0, 200) },
          valor: { original: brCodeAmount(charge.amount) },
          chave: unit.pixKey,
          solicitacaoPagador: charge.description.slice(0, 140),
        },
      });
      if (!data) return { ok: false, problem: problemOf(error, response.status) };
      return { ok: true, copiaECola: data.pixCopiaECola ?? null };
    } catch (error) {
      return { ok: false, problem: error instanceof Error ? error.message : 'falha de rede' };
    }
  },
  async requestRefund(unit, refund) {
    if (!unit.api) return { ok: false, problem: 'api_pix não configurada' };
    try {
      const { data, error, response } = await pixApiClient(unit.api).PUT(
        '/pix/{e2eid}/devolucao/{id}',
        {
          params: { path: { e2eid: refund.e2eid, id: refund.refundId } },
          body: { valor: brCodeAmount(refund.amount) },
        },
      );
      if (!data) return { ok: false, problem: problemOf(error, response.status) };
      return { ok: true, status: data.status === 'DEVOLVIDO' ? 'concluida' : 'solicitada' };
    } catch (error) {
      return { ok: false, problem: error instanceof Error ? error.message : 'falha de rede' };
    }
  },
  async listReceived(unit, period) {
    if (!unit.api) return { ok: false, problem: 'api_pix não configurada' };
    const client = pixApiClient(unit.api);
    const pix: components['schemas']['Pix'][] = [];
    try {
      for (let page = 0; page < RECEIVED_MAX_PAGES; page += 1) {
        const { data, error, response } = await client.GET('/pix', {
          params: {
            query: {
              inicio: period.from.toISOString(),
              fim: period.to.toISOString(),
              'paginacao.paginaAtual': page,
              'paginacao.itensPorPagina': 1000,
            },
          },
        });
        if (!data) return { ok: false, problem: problemOf(error, response.status) };
        pix.push(...(data.pix ?? []));
        if (page + 1 >= data.parametros.paginacao.quantidadeDePaginas) return { ok: true, pix };
      }
      return { ok: false, problem: 'paginação sem fim' };
    } catch (error) {
      return { ok: false, problem: error instanceof Error ? error.message : 'falha de rede' };
    }
  },
};

export function providerFor(method: PaymentMethod): PaymentProvider {
  return method === 'api_pix' ? apiPix : pixManual;
}
