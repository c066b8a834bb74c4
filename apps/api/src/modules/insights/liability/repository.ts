import { sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_TIME_ZONE,
  type CashMonthSums,
  type ContractStatus,
  type LiabilityMonthSums,
  type Unit,
} from '@portal/domain';
import { rowFilterSql } from '../../../auth/scope.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { contractsService } from '../../care/contracts/service.ts';

/**
 * The liability report's reads: the monthly sums migration 0020's triggers keep per unit (a year
 * of the network is a few hundred rows, whatever the ledger's size), and a month's contracts from
 * the ledger itself for the drill-down. Read-only.
 */

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);
const unitScope = (unit: Unit | null, column: string) =>
  rowFilterSql({ unit, authorId: null }, { unit: sql.raw(column) });

/** What each unit owed at the start of month `from` ('YYYY-MM'), in centavos. */
export async function openings(
  db: DbOrTx,
  unit: Unit | null,
  from: string,
): Promise<Map<Unit, number>> {
  const rows = await rowsOf<{ unit: Unit; net: string }>(
    db,
    sql`SELECT unit, sum(net) AS net FROM contract_liability_summary
         WHERE month < ${`${from}-01`}::date AND ${unitScope(unit, 'unit')}
         GROUP BY unit`,
  );
  return new Map(rows.map((row) => [row.unit, cents(row.net)]));
}

/** Each unit's sums per month in [from, to] ('YYYY-MM'), in centavos. */
export async function monthSums(
  db: DbOrTx,
  unit: Unit | null,
  from: string,
  to: string,
): Promise<LiabilityMonthSums[]> {
  const rows = await rowsOf<Record<string, string>>(
    db,
    sql`SELECT unit, to_char(month, 'YYYY-MM') AS month, sold, delivered_value, delivered_cost,
               refunded, expired, retained
          FROM contract_liability_summary
         WHERE month >= ${`${from}-01`}::date AND month <= ${`${to}-01`}::date
           AND ${unitScope(unit, 'unit')}`,
  );
  return rows.map((row) => ({
    unit: row.unit as Unit,
    month: row.month ?? '',
    sold: cents(row.sold),
    delivered_value: cents(row.delivered_value),
    delivered_cost: cents(row.delivered_cost),
    refunded: cents(row.refunded),
    expired: cents(row.expired),
    retained: cents(row.retained),
  }));
}

export interface MonthContractRow {
  contract_id: number;
  number: string;
  client_name: string;
  status: ContractStatus;
  sold: number;
  delivered_value: number;
  refunded: number;
  expired: number;
  closing: number;
}

/**
 * The contracts behind a unit's month: those that moved in it or still owed at its end, with
 * their figures of the month (centavos) and their status today.
 */
export async function monthContracts(
  db: DbOrTx,
  unit: Unit | null,
  month: string,
  nextMonth: string,
  nextMonthStartsAt: Date,
  today: string,
): Promise<MonthContractRow[]> {
  const start = sql`${`${month}-01`}::date`;
  const next = sql`${`${nextMonth}-01`}::date`;
  const rows = await rowsOf<Record<string, string>>(
    db,
    sql`SELECT contracts.id AS contract_id, contracts.number, cl.full_name AS client_name,
               ${contractsService.statusSql(today)} AS status,
               coalesce(sum(l.value) FILTER (WHERE l.kind = 'grant' AND l.on_date >= ${start}), 0) AS sold,
               coalesce(-sum(l.value) FILTER (WHERE l.kind IN ('redeem', 'reverse')
                                               AND l.on_date >= ${start}), 0) AS delivered_value,
               coalesce(sum(-l.value - l.retained) FILTER (WHERE l.kind IN ('withdraw', 'cancel')
                                               AND l.on_date >= ${start}), 0) AS refunded,
               coalesce(-sum(l.value) FILTER (WHERE l.kind = 'expire' AND l.on_date >= ${start}), 0)
                 AS expired,
               sum(l.value) AS closing
          FROM contracts
          JOIN clients cl ON cl.id = contracts.client_id
          JOIN contract_ledger l ON l.contract_id = contracts.id AND l.on_date < ${next}
         WHERE ${unitScope(unit, 'contracts.unit')}
           AND contracts.accepted_at < ${nextMonthStartsAt.toISOString()}::timestamptz
         GROUP BY contracts.id, contracts.number, cl.full_name
        HAVING sum(l.value) <> 0 OR bool_or(l.on_date >= ${start})
         ORDER BY contracts.id`,
  );
  return rows.map((row) => ({
    contract_id: Number(row.contract_id),
    number: row.number ?? '',
    client_name: row.client_name ?? '',
    status: row.status as ContractStatus,
    sold: cents(row.sold),
    delivered_value: cents(row.delivered_value),
    refunded: cents(row.refunded),
    expired: cents(row.expired),
    closing: cents(row.closing),
  }));
}

/**
 * Cash per unit and São Paulo month in [from, to] ('YYYY-MM'), in centavos (issue 29): paid
 * instalments by the day they were paid, contracts accepted and not withdrawn or cancelled,
 * delivered value from the liability summary, and what fell due before `today` and what of it is
 * still open ('vencida' is read from the due date, never stored: payments/repository.ts).
 */
export async function cashMonthSums(
  db: DbOrTx,
  unit: Unit | null,
  period: { from: string; next: string; startsAt: Date; endsBefore: Date },
  today: string,
): Promise<CashMonthSums[]> {
  const zone = DASHBOARD_TIME_ZONE;
  const start = sql`${`${period.from}-01`}::date`;
  const next = sql`${`${period.next}-01`}::date`;
  const startsAt = sql`${period.startsAt.toISOString()}::timestamptz`;
  const endsBefore = sql`${period.endsBefore.toISOString()}::timestamptz`;
  const rows = await rowsOf<Record<string, string>>(
    db,
    sql`SELECT unit, month, sum(received) AS received, sum(sold) AS sold,
               sum(delivered) AS delivered, sum(due) AS due, sum(overdue) AS overdue
          FROM (SELECT c.unit, to_char(i.paid_at AT TIME ZONE ${zone}, 'YYYY-MM') AS month,
                       i.amount AS received, 0 AS sold, 0 AS delivered, 0 AS due, 0 AS overdue
                  FROM installments i JOIN contracts c ON c.id = i.contract_id
                 WHERE i.paid_at IS NOT NULL AND i.status IN ('paga', 'estornada')
                   AND i.paid_at >= ${startsAt} AND i.paid_at < ${endsBefore}
                   AND ${unitScope(unit, 'c.unit')}
                UNION ALL
                SELECT c.unit, to_char(c.accepted_at AT TIME ZONE ${zone}, 'YYYY-MM'),
                       0, c.price_total, 0, 0, 0
                  FROM contracts c
                 WHERE c.accepted_at >= ${startsAt} AND c.accepted_at < ${endsBefore}
                   AND NOT EXISTS (SELECT 1 FROM contract_ledger l
                                    WHERE l.contract_id = c.id AND l.kind IN ('withdraw', 'cancel'))
                   AND ${unitScope(unit, 'c.unit')}
                UNION ALL
                SELECT unit, to_char(month, 'YYYY-MM'), 0, 0, delivered_value, 0, 0
                  FROM contract_liability_summary
                 WHERE month >= ${start} AND month < ${next} AND ${unitScope(unit, 'unit')}
                UNION ALL
                SELECT c.unit, to_char(i.due_date, 'YYYY-MM'), 0, 0, 0, i.amount,
                       CASE WHEN i.status IN ('agendada', 'solicitada', 'falhou', 'vencida')
                            THEN i.amount ELSE 0 END
                  FROM installments i JOIN contracts c ON c.id = i.contract_id
                 WHERE i.due_date >= ${start} AND i.due_date < ${next}
                   AND i.due_date < ${today}::date AND i.status <> 'cancelada'
                   AND ${unitScope(unit, 'c.unit')}) AS flows
         GROUP BY unit, month`,
  );
  return rows.map((row) => ({
    unit: row.unit as Unit,
    month: row.month ?? '',
    received: cents(row.received),
    sold: cents(row.sold),
    delivered: cents(row.delivered),
    due: cents(row.due),
    overdue: cents(row.overdue),
  }));
}
