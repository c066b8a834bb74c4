import crypto from 'node:crypto';
import { z } from 'zod';
import {
  BILLING_ANSWERS,
  reaisToCentavos,
  type MandateEnd,
  type PaymentEvent,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { HttpError } from '../../../http/errors.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { components } from '../pix-api/generated.ts';
import { paymentsService } from '../payments/service.ts';
import { unitBillingService } from '../unit-settings/service.ts';

type PixSchema = components['schemas']['Pix'];

const amount = z.string().regex(/^\d{1,10}\.\d{2}$/);
const instant = z.string().refine((text) => !Number.isNaN(Date.parse(text)));

/**
 * The API Pix callback body (`WebhookPixBody` of openapi.yaml): the fields we read, checked as
 * the document states them. `satisfies` below keeps this in step with the generated types.
 */
export const pixItem = z.object({
  endToEndId: z.string().regex(/^[a-zA-Z0-9]{32}$/),
  txid: z
    .string()
    .regex(/^[a-zA-Z0-9]{1,35}$/)
    .optional(),
  valor: amount,
  horario: instant,
  devolucoes: z
    .array(
      z.object({
        id: z.string().regex(/^[a-zA-Z0-9]{1,35}$/),
        rtrId: z.string().regex(/^[a-zA-Z0-9]{32}$/),
        valor: amount,
        horario: z.object({ solicitacao: instant.optional(), liquidacao: instant.optional() }),
        status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
      }),
    )
    .optional(),
});
const statusLog = z
  .array(z.object({ status: z.string().max(40), data: instant }))
  .max(100)
  .optional();

/** A `webhookrec` item (RecNotification of openapi.yaml): an authorisation changed status. */
const recItem = z.object({
  idRec: z.string().regex(/^[a-zA-Z0-9]{29}$/),
  status: z.enum(['CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA']),
  atualizacao: statusLog,
});
type RecItem = z.output<typeof recItem>;

/** A `webhookcobr` item (CobRNotification): a recurring charge changed status or was paid. */
const cobrItem = z.object({
  idRec: z.string().regex(/^[a-zA-Z0-9]{29}$/),
  txid: z.string().regex(/^[a-zA-Z0-9]{26,35}$/),
  status: z.enum(['CRIADA', 'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REJEITADA', 'CANCELADA']),
  atualizacao: statusLog,
  pix: z
    .array(
      z.object({
        endToEndId: z.string().regex(/^[a-zA-Z0-9]{32}$/),
        valor: amount,
        horario: instant,
      }),
    )
    .max(10)
    .optional(),
});
type CobrItem = z.output<typeof cobrItem>;

/**
 * The three callbacks of the API Pix share this route (the institution appends its own suffix
 * to the URL registered, which `ignorar` absorbs): `webhook` sends `pix`, `webhookrec` sends
 * `recs`, `webhookcobr` sends `cobsr`. Exactly one of them, never empty.
 */
const webhookBody = z
  .object({
    pix: z.array(pixItem).min(1).max(1000).optional(),
    recs: z.array(recItem).min(1).max(1000).optional(),
    cobsr: z.array(cobrItem).min(1).max(1000).optional(),
  })
  .refine(
    (body) => [body.pix, body.recs, body.cobsr].filter((list) => list !== undefined).length === 1,
    'Envie pix, recs ou cobsr.',
  );
type PixItem = z.output<typeof pixItem>;
// Compile-time: what we accept is a subset of the document's Pix.
const _fits = (item: PixSchema): Pick<PixItem, 'endToEndId' | 'valor' | 'horario'> => item;
void _fits;

const params = z.object({ provider: z.string().max(40) });
/**
 * The unit and its webhook secret ride in the registered URL: the API Pix callback carries no
 * signature and the PSP sends no custom header, and it appends '/pix' to the URL, so the URL
 * registered ends with `&ignorar=` (docs/decisions/0036-payments-provider-port-and-webhooks.md).
 */
const query = z.object({
  unidade: z.string().max(60).optional(),
  segredo: z.string().max(300).optional(),
  ignorar: z.string().max(20).optional(),
});

const answerSchema = z.object({
  results: z.array(
    z.object({
      event_id: z.string(),
      result: z.enum(['aplicado', 'repetido', 'recusado']),
      reason: z.string().optional(),
      message: z.string().optional(),
    }),
  ),
});

/** The reducer's events of one API Pix callback item. */
export function eventsOfPix(item: PixItem): PaymentEvent[] {
  const txid = item.txid ?? '';
  const events: PaymentEvent[] = [
    {
      id: `pix:${item.endToEndId}`,
      type: 'pagamento_recebido',
      txid,
      e2eid: item.endToEndId,
      amount: reaisToCentavos(Number(item.valor)),
      paid_at: new Date(item.horario).toISOString(),
    },
  ];
  for (const refund of item.devolucoes ?? []) {
    if (refund.status !== 'DEVOLVIDO') continue;
    events.push({
      id: `dev:${refund.rtrId}`,
      type: 'devolucao_liquidada',
      txid,
      e2eid: item.endToEndId,
      refund_id: refund.id,
      amount: reaisToCentavos(Number(refund.valor)),
      at: new Date(
        refund.horario.liquidacao ?? refund.horario.solicitacao ?? item.horario,
      ).toISOString(),
    });
  }
  return events;
}

/** When a status was reached, from the item's own history; else when we heard of it. */
function reachedAt(log: RecItem['atualizacao'], status: string, received: Date): string {
  const entry = log?.filter((item) => item.status === status).at(-1);
  return new Date(entry?.data ?? received).toISOString();
}

const MANDATE_END: Partial<Record<RecItem['status'], MandateEnd>> = {
  CANCELADA: 'cancelada',
  REJEITADA: 'recusada',
  EXPIRADA: 'expirada',
};

/**
 * The reducer's event of a `webhookrec` item. The status is the fact, so its id is the
 * authorisation plus the status: the same notice sent twice is one event. CRIADA tells nothing.
 */
export function eventsOfRec(item: RecItem, received: Date): PaymentEvent[] {
  const at = reachedAt(item.atualizacao, item.status, received);
  const id = `rec:${item.idRec}:${item.status}`;
  if (item.status === 'APROVADA') {
    return [{ id, type: 'autorizacao_aprovada', id_rec: item.idRec, at }];
  }
  const motivo = MANDATE_END[item.status];
  return motivo ? [{ id, type: 'autorizacao_cancelada', id_rec: item.idRec, motivo, at }] : [];
}

/**
 * The reducer's events of a `webhookcobr` item: each Pix it carries pays the instalment (the
 * same e2eid as the `webhook` callback of that Pix, so hearing of it twice is one payment); a
 * charge refused, cancelled or expired failed.
 */
export function eventsOfCobr(item: CobrItem, received: Date): PaymentEvent[] {
  const events: PaymentEvent[] = (item.pix ?? []).map((pix) => ({
    id: `pix:${pix.endToEndId}`,
    type: 'pagamento_recebido',
    txid: item.txid,
    e2eid: pix.endToEndId,
    amount: reaisToCentavos(Number(pix.valor)),
    paid_at: new Date(pix.horario).toISOString(),
  }));
  if (item.status === 'REJEITADA' || item.status === 'CANCELADA' || item.status === 'EXPIRADA') {
    events.push({
      id: `cobr:${item.txid}:${item.status}`,
      type: 'cobranca_falhou',
      txid: item.txid,
      at: reachedAt(item.atualizacao, item.status, received),
    });
  }
  return events;
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * POST /payments/webhooks/{provider} (issue 29): the institution tells us a Pix arrived or a
 * refund settled. Authenticated by the unit's secret; every event is folded by the domain's
 * reducer, so a replay answers 'repetido' and changes nothing, and order does not matter.
 */
export const paymentWebhooksRoutes: ModuleRoutes = (app, ctx) => {
  app.post(
    '/payments/webhooks/:provider',
    {
      // Payments, instalments and refunds feed no read cache: nothing for other processes to drop.
      config: { access: 'public', settle: false },
      schema: {
        tags: ['billing'],
        params,
        querystring: query,
        body: webhookBody,
        response: {
          ...errorResponses,
          200: answerSchema,
          422: answerSchema.or(errorResponses[422]),
        },
      },
    },
    async (request, reply) => {
      if (request.params.provider !== 'api_pix') {
        throw new HttpError(404, BILLING_ANSWERS.webhookUnknownProvider);
      }
      const unit = request.query.unidade ?? '';
      const secret = unit
        ? await unitBillingService.webhookSecretOf(ctx.db, unit).catch(() => null)
        : null;
      if (!secret || !sameSecret(request.query.segredo ?? '', secret)) {
        throw new HttpError(401, BILLING_ANSWERS.webhookForbidden);
      }
      const received = new Date();
      const { pix, recs, cobsr } = request.body;
      const events = [
        ...(pix ?? []).flatMap(eventsOfPix),
        ...(recs ?? []).flatMap((item) => eventsOfRec(item, received)),
        ...(cobsr ?? []).flatMap((item) => eventsOfCobr(item, received)),
      ];
      const results = await paymentsService.applyEvents(ctx.db, 'api_pix', unit, events);
      // A notice with nothing to fold (a charge created, an authorisation awaiting) is taken.
      const anyTaken =
        results.length === 0 ||
        results.some((item) => item.result !== 'recusado' || item.reason === 'parcela_ja_paga');
      return reply.status(anyTaken ? 200 : 422).send({ results });
    },
  );
};
