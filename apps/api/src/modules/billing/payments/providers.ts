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

/**
 * Pix Automático, journey 3 (AFTER-SALE.md §3): the first instalment as an immediate charge and,
 * linked to it, the authorisation of the rest; one composite QR pays the one and authorises the
 * other.
 */
export interface RecurrenceRequest {
  /** The first instalment's charge (`cob`), whose payment activates the recurrence. */
  firstTxid: string;
  firstAmount: Centavos;
  payer: { name: string; cpf: string | null };
  /** The contract's number, shown by the payer's bank beside the authorisation. */
  contract: string;
  /** What the payments are for (≤ 35 characters). */
  object: string;
  /** Due dates of the second and of the last instalment. */
  firstDue: string;
  lastDue: string;
  /** The amount of each later charge when all are equal; null when they differ by centavos. */
  amountEach: Centavos | null;
  description: string;
}

export type RecurrenceAnswer =
  { ok: true; idRec: string; copiaECola: string } | { ok: false; problem: string };

export interface RecurringChargeRequest {
  idRec: string;
  txid: string;
  amount: Centavos;
  dueDate: string;
  description: string;
}
/** The Pix received between two instants, as the institution lists them (every page). */
export type ReceivedAnswer =
  { ok: true; pix: components['schemas']['Pix'][] } | { ok: false; problem: string };

export interface PaymentProvider {
  readonly method: PaymentMethod;
  requestCharge(unit: UnitPix, charge: ChargeRequest): Promise<ChargeAnswer>;
  requestRefund(unit: UnitPix, refund: RefundRequest): Promise<RefundAnswer>;
  /** Pix Automático: the authorisation and the first instalment's charge, one QR for both. */
  createRecurrence(unit: UnitPix, request: RecurrenceRequest): Promise<RecurrenceAnswer>;
  /** Pix Automático: a later instalment's charge (`cobr`), sent 10 to 2 days before it is due. */
  requestRecurringCharge(unit: UnitPix, charge: RecurringChargeRequest): Promise<ChargeAnswer>;
  /** Pix Automático: the clinic ends an authorisation (its contract ended): no debit after it. */
  cancelRecurrence(
    unit: UnitPix,
    idRec: string,
  ): Promise<{ ok: true } | { ok: false; problem: string }>;
  /** For the daily reconciliation (payments/reconciliation.ts). */
  listReceived(unit: UnitPix, period: { from: Date; to: Date }): Promise<ReceivedAnswer>;
}

const notManual = (): Promise<{ ok: false; problem: string }> =>
  Promise.resolve({ ok: false, problem: 'manual' });

const pixManual: PaymentProvider = {
  method: 'pix_manual',
  requestCharge: () => Promise.resolve({ ok: true, copiaECola: null }),
  requestRefund: notManual,
  createRecurrence: notManual,
  requestRecurringCharge: notManual,
  cancelRecurrence: notManual,
  listReceived: notManual,
};

const failure = (error: unknown) => ({
  ok: false as const,
  problem: error instanceof Error ? error.message : 'falha de rede',
});

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
      return failure(error);
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
      return failure(error);
    }
  },
  async createRecurrence(unit, request) {
    if (!unit.api || !unit.pixKey) return { ok: false, problem: 'api_pix não configurada' };
    if (!request.payer.cpf) return { ok: false, problem: 'devedor sem CPF' };
    const devedor = { cpf: cpfDigits(request.payer.cpf), nome: request.payer.name.slice(0, 140) };
    try {
      const client = pixApiClient(unit.api);
      // 1. The first instalment, paid now: an immediate charge (a day to pay it).
      const cob = await client.PUT('/cob/{txid}', {
        params: { path: { txid: request.firstTxid } },
        body: {
          calendario: { expiracao: 86_400 },
          devedor,
          valor: { original: brCodeAmount(request.firstAmount) },
          chave: unit.pixKey,
          solicitacaoPagador: request.description.slice(0, 140),
        },
      });
      if (!cob.data) return { ok: false, problem: problemOf(cob.error, cob.response.status) };
      // 2. Where the payer's bank reads the authorisation.
      const loc = await client.POST('/locrec', {});
      if (!loc.data) return { ok: false, problem: problemOf(loc.error, loc.response.status) };
      // 3. The authorisation, linked to the charge (journey 3).
      const rec = await client.POST('/rec', {
        body: {
          vinculo: {
            objeto: request.object.slice(0, 35),
            contrato: request.contract.slice(0, 35),
            devedor,
          },
          calendario: {
            dataInicial: request.firstDue,
            dataFinal: request.lastDue,
            periodicidade: 'MENSAL',
          },
          ...(request.amountEach === null
            ? {}
            : { valor: { valorRec: brCodeAmount(request.amountEach) } }),
          politicaRetentativa: 'PERMITE_3R_7D',
          loc: loc.data.id,
          ativacao: { dadosJornada: { txid: request.firstTxid } },
        },
      });
      if (!rec.data?.idRec) {
        return { ok: false, problem: problemOf(rec.error, rec.response.status) };
      }
      // 4. The composite QR: the charge and the authorisation in one code.
      const read = await client.GET('/rec/{idRec}', {
        params: { path: { idRec: rec.data.idRec }, query: { txid: request.firstTxid } },
      });
      const copiaECola = read.data?.dadosQR?.pixCopiaECola;
      if (!copiaECola) {
        return { ok: false, problem: problemOf(read.error, read.response.status) };
      }
      return { ok: true, idRec: rec.data.idRec, copiaECola };
    } catch (error) {
      return failure(error);
    }
  },
  async requestRecurringCharge(unit, charge) {
    if (!unit.api) return { ok: false, problem: 'api_pix não configurada' };
    if (!unit.account) return { ok: false, problem: 'conta da unidade não configurada' };
    try {
      const { data, error, response } = await pixApiClient(unit.api).PUT('/cobr/{txid}', {
        params: { path: { txid: charge.txid } },
        body: {
          idRec: charge.idRec,
          infoAdicional: charge.description.slice(0, 140),
          calendario: { dataDeVencimento: charge.dueDate },
          valor: { original: brCodeAmount(charge.amount) },
          ajusteDiaUtil: true,
          recebedor: {
            conta: unit.account.number,
            tipoConta: unit.account.type,
            ...(unit.account.branch ? { agencia: unit.account.branch } : {}),
          },
        },
      });
      if (!data) return { ok: false, problem: problemOf(error, response.status) };
      return { ok: true, copiaECola: null };
    } catch (error) {
      return failure(error);
    }
  },
  async cancelRecurrence(unit, idRec) {
    if (!unit.api) return { ok: false, problem: 'api_pix não configurada' };
    try {
      const { data, error, response } = await pixApiClient(unit.api).PATCH('/rec/{idRec}', {
        params: { path: { idRec } },
        body: { status: 'CANCELADA' },
      });
      if (!data) return { ok: false, problem: problemOf(error, response.status) };
      return { ok: true };
    } catch (error) {
      return failure(error);
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
