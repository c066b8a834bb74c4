import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { InstallmentStatus, PaymentEvent } from '@portal/domain';
import { rowFilterSql, type RowFilter } from '../../../auth/scope.ts';
import type { DbOrTx } from '../../../db/client.ts';
import {
  clients,
  contracts,
  installments,
  paymentEvents,
  paymentPlans,
  refunds,
} from '../../../db/schema.ts';

export type PlanRow = typeof paymentPlans.$inferSelect;
export type InstallmentRow = typeof installments.$inferSelect;
export type NewInstallmentRow = typeof installments.$inferInsert;
export type RefundRow = typeof refunds.$inferSelect;
export type EventRow = typeof paymentEvents.$inferSelect;

export async function findPlan(
  db: DbOrTx,
  contractId: number,
  lock = false,
): Promise<PlanRow | undefined> {
  const query = db.select().from(paymentPlans).where(eq(paymentPlans.contractId, contractId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertPlan(
  db: DbOrTx,
  plan: typeof paymentPlans.$inferInsert,
): Promise<PlanRow> {
  const [row] = await db.insert(paymentPlans).values(plan).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updatePlan(
  db: DbOrTx,
  id: number,
  changes: Partial<
    Pick<
      PlanRow,
      | 'method'
      | 'installments'
      | 'dueDay'
      | 'pixAutomatico'
      | 'recId'
      | 'recStatus'
      | 'recCopiaECola'
      | 'recClaimedUntil'
    >
  >,
): Promise<void> {
  await db
    .update(paymentPlans)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(paymentPlans.id, id));
}

/** The plan a Pix Automático authorisation belongs to, with its contract's unit. */
export async function findPlanByRec(
  db: DbOrTx,
  idRec: string,
): Promise<{ plan: PlanRow; unit: string } | undefined> {
  const [row] = await db
    .select({ plan: paymentPlans, unit: contracts.unit })
    .from(paymentPlans)
    .innerJoin(contracts, eq(contracts.id, paymentPlans.contractId))
    .where(eq(paymentPlans.recId, idRec))
    .limit(1);
  return row;
}

/**
 * Takes, for `seconds`, the right to create a plan's Pix Automático authorisation: only while it
 * has none and nobody else holds the claim (an expired claim is a process that died mid-way).
 */
export async function claimRecurrence(
  db: DbOrTx,
  contractId: number,
  seconds: number,
): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(paymentPlans)
    .set({ recClaimedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(paymentPlans.contractId, contractId),
        eq(paymentPlans.pixAutomatico, true),
        sql`${paymentPlans.recId} IS NULL`,
        sql`(${paymentPlans.recClaimedUntil} IS NULL OR ${paymentPlans.recClaimedUntil} < now())`,
      ),
    )
    .returning();
  return row;
}

export async function installmentsOf(db: DbOrTx, planId: number): Promise<InstallmentRow[]> {
  return db
    .select()
    .from(installments)
    .where(eq(installments.planId, planId))
    .orderBy(asc(installments.n));
}

export async function replaceInstallments(
  db: DbOrTx,
  planId: number,
  rows: NewInstallmentRow[],
): Promise<void> {
  await db.delete(installments).where(eq(installments.planId, planId));
  if (rows.length > 0) await db.insert(installments).values(rows);
}

export async function findInstallment(db: DbOrTx, id: number): Promise<InstallmentRow | undefined> {
  const [row] = await db.select().from(installments).where(eq(installments.id, id)).limit(1);
  return row;
}

/**
 * In a transaction: the plan whose instalment a provider's charge id names, locked (FOR UPDATE),
 * with its contract's unit, in one round trip.
 */
export async function lockPlanByTxid(
  db: DbOrTx,
  txid: string,
): Promise<{ plan: PlanRow; unit: string } | undefined> {
  const [row] = await db
    .select({ plan: paymentPlans, unit: contracts.unit })
    .from(installments)
    .innerJoin(contracts, eq(contracts.id, installments.contractId))
    .innerJoin(paymentPlans, eq(paymentPlans.contractId, installments.contractId))
    .where(eq(installments.txid, txid))
    .limit(1)
    .for('update', { of: paymentPlans });
  return row;
}

export async function updateInstallment(
  db: DbOrTx,
  id: number,
  changes: Partial<Omit<InstallmentRow, 'id' | 'planId' | 'contractId'>>,
): Promise<void> {
  await db.update(installments).set(changes).where(eq(installments.id, id));
}

export async function eventsOf(db: DbOrTx, contractId: number): Promise<EventRow[]> {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.contractId, contractId))
    .orderBy(asc(paymentEvents.id));
}

/**
 * Payments a provider's events marked paid between two instants for one unit's contracts (the
 * reconciliation compares them with the provider's list): txid, e2eid and amount only.
 */
export async function providerPaymentsBetween(
  db: DbOrTx,
  provider: string,
  unit: string,
  from: Date,
  to: Date,
): Promise<{ txid: string; e2eid: string; amount: number }[]> {
  const rows = await db
    .select({ event: paymentEvents.event })
    .from(paymentEvents)
    .innerJoin(contracts, eq(contracts.id, paymentEvents.contractId))
    .where(
      and(
        eq(paymentEvents.provider, provider),
        eq(contracts.unit, unit),
        eq(paymentEvents.outcome, 'aplicado'),
        sql`${paymentEvents.event}->>'type' = 'pagamento_recebido'`,
        sql`(${paymentEvents.event}->>'paid_at')::timestamptz >= ${from.toISOString()}::timestamptz`,
        sql`(${paymentEvents.event}->>'paid_at')::timestamptz < ${to.toISOString()}::timestamptz`,
      ),
    );
  return rows.flatMap(({ event }) => {
    const payment = event as PaymentEvent;
    return payment.type === 'pagamento_recebido'
      ? [{ txid: payment.txid, e2eid: payment.e2eid, amount: payment.amount }]
      : [];
  });
}

/** Inserts the events; returns how many were new (one stored already under its id is skipped). */
export async function insertEvents(
  db: DbOrTx,
  rows: (typeof paymentEvents.$inferInsert)[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(paymentEvents)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length;
}

export async function deleteEvents(db: DbOrTx, provider: string, eventIds: string[]) {
  if (eventIds.length === 0) return;
  await db
    .delete(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), inArray(paymentEvents.eventId, eventIds)));
}

export type StoredEvent = PaymentEvent;

export async function refundsOf(db: DbOrTx, contractId: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.contractId, contractId))
    .orderBy(asc(refunds.id));
}

export async function insertRefunds(
  db: DbOrTx,
  rows: (typeof refunds.$inferInsert)[],
): Promise<RefundRow[]> {
  if (rows.length === 0) return [];
  return db.insert(refunds).values(rows).returning();
}

export async function updateRefund(
  db: DbOrTx,
  id: number,
  changes: Partial<Pick<RefundRow, 'status' | 'doneAt'>>,
): Promise<void> {
  await db.update(refunds).set(changes).where(eq(refunds.id, id));
}

export interface ReceivableRow {
  installmentId: number;
  contractId: number;
  contractNumber: string;
  clientId: number;
  clientName: string;
  clientPhone: string | null;
  unit: string;
  n: number;
  count: number;
  dueDate: string;
  amount: number;
  status: InstallmentStatus;
  method: 'pix_manual' | 'api_pix';
  recStatus: PlanRow['recStatus'];
}

const OPEN_STORED = ['agendada', 'solicitada', 'falhou'] as const;

/**
 * The instalments a viewer's filter reaches, by due date. 'vencida' is read, not stored: an open
 * instalment whose due date is before `today` (statusOnDay in packages/domain).
 */
export async function receivables(
  db: DbOrTx,
  filter: RowFilter | null,
  query: {
    status?: InstallmentStatus;
    mandate?: 'encerrada';
    from?: string;
    to?: string;
    limit: number;
    offset: number;
  },
  today: string,
): Promise<{ rows: ReceivableRow[]; total: number }> {
  const where: SQL[] = [rowFilterSql(filter, { unit: contracts.unit })];
  if (query.mandate === 'encerrada') {
    // The first instalment still owed of each plan whose authorisation ended: one line a client.
    where.push(sql`${installments.id} IN (
      SELECT DISTINCT ON (i.plan_id) i.id FROM installments i
      JOIN payment_plans p ON p.id = i.plan_id
      WHERE p.rec_status IN ('cancelada', 'recusada', 'expirada')
        AND i.status IN (${sql.raw(OPEN_STORED.map((status) => `'${status}'`).join(', '))})
      ORDER BY i.plan_id, i.n)`);
  }
  if (query.from) where.push(sql`${installments.dueDate} >= ${query.from}`);
  if (query.to) where.push(sql`${installments.dueDate} <= ${query.to}`);
  if (query.status === 'vencida') {
    // The open statuses written out, as migration 0026's partial index names them: a planner
    // proves the index applies from constants, not from parameters.
    where.push(
      sql`${installments.status} IN (${sql.raw(OPEN_STORED.map((status) => `'${status}'`).join(', '))})`,
    );
    where.push(sql`${installments.dueDate} < ${today}`);
  } else if (query.status && (OPEN_STORED as readonly string[]).includes(query.status)) {
    where.push(eq(installments.status, query.status));
    where.push(sql`${installments.dueDate} >= ${today}`);
  } else if (query.status) {
    where.push(eq(installments.status, query.status));
  }
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        installmentId: installments.id,
        contractId: installments.contractId,
        contractNumber: contracts.number,
        clientId: contracts.clientId,
        clientName: clients.fullName,
        clientPhone: clients.phone,
        unit: contracts.unit,
        n: installments.n,
        count: paymentPlans.installments,
        dueDate: installments.dueDate,
        amount: installments.amount,
        status: installments.status,
        method: paymentPlans.method,
        recStatus: paymentPlans.recStatus,
      })
      .from(installments)
      .innerJoin(paymentPlans, eq(paymentPlans.id, installments.planId))
      .innerJoin(contracts, eq(contracts.id, installments.contractId))
      .innerJoin(clients, eq(clients.id, contracts.clientId))
      .where(condition)
      .orderBy(asc(installments.dueDate), asc(installments.id))
      .limit(query.limit)
      .offset(query.offset),
    // The whole network's count needs no contract: the instalments' index answers it alone.
    filter !== null && filter.unit === null && filter.authorId === null && !query.mandate
      ? db
          .select({ total: sql<number>`count(*)::int` })
          .from(installments)
          .where(and(...where.slice(1)))
      : db
          .select({ total: sql<number>`count(*)::int` })
          .from(installments)
          .innerJoin(contracts, eq(contracts.id, installments.contractId))
          .where(condition),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** What a charge names of its contract (the CPF read for the provider, never answered). */
export async function contractFacts(
  db: DbOrTx,
  contractId: number,
): Promise<
  | { unit: string; number: string; clientName: string; cpf: string | null; phone: string | null }
  | undefined
> {
  const [row] = await db
    .select({
      unit: contracts.unit,
      number: contracts.number,
      clientName: clients.fullName,
      cpf: clients.cpf,
      phone: clients.phone,
    })
    .from(contracts)
    .innerJoin(clients, eq(clients.id, contracts.clientId))
    .where(eq(contracts.id, contractId))
    .limit(1);
  return row;
}

/** A provider refund settled (webhook): done, whatever step it was at. */
export async function settleRefund(db: DbOrTx, refundId: string, at: Date): Promise<void> {
  await db
    .update(refunds)
    .set({ status: 'concluida', doneAt: at })
    .where(and(eq(refunds.refundId, refundId), sql`${refunds.status} <> 'concluida'`));
}

/** A refund the provider accepted: only forward (a settled one never goes back to requested). */
export async function advanceRefund(
  db: DbOrTx,
  id: number,
  status: 'solicitada' | 'concluida',
): Promise<void> {
  await db
    .update(refunds)
    .set({ status, ...(status === 'concluida' ? { doneAt: new Date() } : {}) })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pendente')));
}

/**
 * The instalments of `contractIds` that were paid (commissions' `parcela_paga`, issue 30): those
 * refunded later count too, since a withdrawal or cancellation reverses their commission.
 */
/**
 * Paid (or refunded) instalments of some contracts, or of `all` (a month of the network); with a
 * window, those paid in it and every one of the contracts it names (ended in it).
 */
export async function paidInstallmentsOf(
  db: DbOrTx,
  contractIds: number[] | 'all',
  window?: { from: Date; to: Date; contracts: number[] },
): Promise<{ id: number; contractId: number; amount: number; paidAt: Date }[]> {
  if (contractIds !== 'all' && contractIds.length === 0) return [];
  const rows = await db
    .select({
      id: installments.id,
      contractId: installments.contractId,
      amount: installments.amount,
      paidAt: installments.paidAt,
    })
    .from(installments)
    .where(
      and(
        contractIds === 'all' ? undefined : inArray(installments.contractId, contractIds),
        window
          ? sql`((${installments.paidAt} >= ${window.from} AND ${installments.paidAt} < ${window.to})${
              window.contracts.length
                ? sql` OR ${inArray(installments.contractId, window.contracts)}`
                : sql``
            })`
          : undefined,
        inArray(installments.status, ['paga', 'estornada']),
        sql`${installments.paidAt} IS NOT NULL`,
      ),
    )
    .orderBy(asc(installments.id));
  return rows.flatMap((row) => (row.paidAt ? [{ ...row, paidAt: row.paidAt }] : []));
}

/**
 * Notes, once, the instalments still owed whose due date is before `today` (São Paulo): the
 * conditional UPDATE takes each row, so a concurrent run finds it noted and returns nothing.
 */
export async function noteOverdue(
  db: DbOrTx,
  today: string,
  limit: number,
): Promise<{ id: number; contractId: number; n: number; dueDate: string; amount: number }[]> {
  const result = await db.execute(sql`
    UPDATE installments SET overdue_noted_on = ${today}::date
    WHERE id IN (
      SELECT id FROM installments
      WHERE overdue_noted_on IS NULL AND due_date < ${today}::date
        AND status IN ('agendada', 'solicitada', 'falhou')
      ORDER BY due_date, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, contract_id, n, due_date::text AS due_date, amount`);
  const { rows } = result as unknown as {
    rows: {
      id: number;
      contract_id: number;
      n: number;
      due_date: string;
      amount: string | number;
    }[];
  };
  return rows.map((row) => ({
    id: row.id,
    contractId: row.contract_id,
    n: row.n,
    dueDate: row.due_date,
    amount: Number(row.amount),
  }));
}

/** Instalments still scheduled that fall due between `from` and `to` (inclusive), per method. */
export async function dueBetween(
  db: DbOrTx,
  from: string,
  to: string,
): Promise<
  {
    contractId: number;
    method: 'pix_manual' | 'api_pix';
    pixAutomatico: boolean;
    recStatus: PlanRow['recStatus'];
  }[]
> {
  return db
    .selectDistinct({
      contractId: installments.contractId,
      method: paymentPlans.method,
      pixAutomatico: paymentPlans.pixAutomatico,
      recStatus: paymentPlans.recStatus,
    })
    .from(installments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, installments.planId))
    .where(
      and(
        eq(installments.baseStatus, 'agendada'),
        inArray(installments.status, ['agendada', 'falhou']),
        sql`${installments.dueDate} BETWEEN ${from}::date AND ${to}::date`,
      ),
    )
    .orderBy(asc(installments.contractId));
}

/**
 * Pix Automático plans whose authorisation was never created (the provider failed at
 * acceptance) while their first instalment is still owed: the charge-window job retries them.
 */
export async function plansAwaitingRecurrence(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ contractId: paymentPlans.contractId })
    .from(paymentPlans)
    .innerJoin(installments, and(eq(installments.planId, paymentPlans.id), eq(installments.n, 1)))
    .where(
      and(
        eq(paymentPlans.pixAutomatico, true),
        sql`${paymentPlans.recId} IS NULL`,
        eq(installments.baseStatus, 'agendada'),
        inArray(installments.status, ['agendada', 'falhou']),
      ),
    )
    .orderBy(asc(paymentPlans.contractId));
  return rows.map((row) => row.contractId);
}

/** Contracts with a refund still to send through the API Pix (`devolucao`). */
export async function contractsWithPendingApiRefunds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectDistinct({ contractId: refunds.contractId })
    .from(refunds)
    .where(and(eq(refunds.method, 'api_pix'), eq(refunds.status, 'pendente')))
    .orderBy(asc(refunds.contractId));
  return rows.map((row) => row.contractId);
}

/**
 * Pix Automático authorisations still alive (awaiting or approved) on plans that owe nothing
 * more (their contract withdrawn, cancelled or paid off): the clinic ends them.
 */
export async function recurrencesToEnd(
  db: DbOrTx,
): Promise<{ contractId: number; recId: string; unit: string }[]> {
  const rows = await db
    .select({
      contractId: paymentPlans.contractId,
      recId: paymentPlans.recId,
      unit: contracts.unit,
    })
    .from(paymentPlans)
    .innerJoin(contracts, eq(contracts.id, paymentPlans.contractId))
    .where(
      and(
        sql`${paymentPlans.recId} IS NOT NULL`,
        inArray(paymentPlans.recStatus, ['aguardando', 'ativa']),
        sql`NOT EXISTS (SELECT 1 FROM installments i WHERE i.plan_id = ${paymentPlans.id}
          AND i.status IN (${sql.raw(OPEN_STORED.map((status) => `'${status}'`).join(', '))}))`,
      ),
    )
    .orderBy(asc(paymentPlans.contractId));
  return rows.flatMap((row) => (row.recId ? [{ ...row, recId: row.recId }] : []));
}
