import {
  addDays,
  centavosToReais,
  reaisToCentavos,
  saoPauloDate,
  saoPauloDayStart,
  type Reconciliation,
  type ReconciliationDifference,
  type ReconciliationsQuery,
} from '@portal/domain';
import { clientRowFilter, type Viewer } from '../../../auth/scope.ts';
import type { AppDb } from '../../../db/client.ts';
import { providerFor } from '../payments/providers.ts';
import { paymentsService } from '../payments/service.ts';
import { unitBillingService } from '../unit-settings/service.ts';
import { eventsOfPix, pixItem } from '../webhooks/routes.ts';
import * as repo from './repository.ts';

/** What one unit's reconciliation did, as counts (they are logged: never personal data). */
export interface UnitReconciled {
  received: number;
  recovered: number;
  known: number;
  refused: number;
  differences: number;
}

const DIFFERENCE_OF_REFUSAL: Record<string, ReconciliationDifference['kind']> = {
  cobranca_desconhecida: 'txid_desconhecido',
  valor_divergente: 'valor_divergente',
  parcela_ja_paga: 'parcela_ja_paga',
};

/**
 * The daily reconciliation of received Pix (issue 29, docs/decisions/0044-pix-reconciliation.md).
 * The provider's list of the day goes through the webhook's own path (eventsOfPix, then
 * paymentsService.applyEvents), so a Pix whose webhook was lost is applied now and one already
 * known is 'repetido'; what does not match is recorded as a difference in the day's report.
 */
export const reconciliationsService = {
  /** One unit, one São Paulo day. Throws when the provider cannot list (the queue retries). */
  async reconcileUnit(db: AppDb, unit: string, day: string, now: Date): Promise<UnitReconciled> {
    const from = saoPauloDayStart(day);
    const to = saoPauloDayStart(addDays(day, 1));
    const pix = await unitBillingService.pixOf(db, unit);
    const listed = await providerFor('api_pix').listReceived(pix, {
      from,
      to: new Date(to.getTime() - 1),
    });
    if (!listed.ok) throw new Error(`conciliação ${unit} ${day}: ${listed.problem}`);
    const differences: ReconciliationDifference[] = [];
    const seen = new Set<string>();
    let received = 0;
    let recovered = 0;
    let known = 0;
    let refused = 0;
    for (const raw of listed.pix) {
      const at = Date.parse(raw.horario);
      // An institution that reads `fim` loosely may list a neighbour day's Pix: not this report's.
      if (at < from.getTime() || at >= to.getTime() || seen.has(raw.endToEndId)) continue;
      seen.add(raw.endToEndId);
      received += 1;
      const parsed = pixItem.safeParse(raw);
      if (!parsed.success || !parsed.data.txid) {
        refused += 1;
        differences.push({
          kind: 'txid_desconhecido',
          e2eid: raw.endToEndId,
          txid: raw.txid ?? null,
          amount: Number(raw.valor) || 0,
        });
        continue;
      }
      const [payment] = await paymentsService.applyEvents(
        db,
        'api_pix',
        unit,
        eventsOfPix(parsed.data),
      );
      if (payment?.result === 'aplicado') recovered += 1;
      else if (payment?.result === 'repetido') known += 1;
      else {
        refused += 1;
        differences.push({
          kind: DIFFERENCE_OF_REFUSAL[payment?.reason ?? ''] ?? 'txid_desconhecido',
          e2eid: parsed.data.endToEndId,
          txid: parsed.data.txid,
          amount: centavosToReais(reaisToCentavos(Number(parsed.data.valor))),
        });
      }
    }
    // Paid by a provider event that day, yet absent from the provider's own list.
    for (const paid of await paymentsService.providerPaymentsBetween(
      db,
      'api_pix',
      unit,
      from,
      to,
    )) {
      if (seen.has(paid.e2eid)) continue;
      differences.push({
        kind: 'ausente_no_provedor',
        e2eid: paid.e2eid,
        txid: paid.txid,
        amount: centavosToReais(paid.amount),
      });
    }
    await repo.saveReport(db, { unit, day, received, recovered, refused, differences, ranAt: now });
    return { received, recovered, known, refused, differences: differences.length };
  },

  /**
   * The daily job: every API Pix unit, for the São Paulo day before `now`. A unit whose provider
   * fails does not stop the others; the run then throws so the queue retries (each unit's
   * reconciliation is safe to repeat).
   */
  async runDaily(db: AppDb, now: Date = new Date()): Promise<Record<string, number>> {
    const day = addDays(saoPauloDate(now), -1);
    const totals = { units: 0, received: 0, recovered: 0, known: 0, refused: 0, differences: 0 };
    const failed: string[] = [];
    for (const unit of await unitBillingService.apiPixUnits(db)) {
      try {
        const counts = await this.reconcileUnit(db, unit, day, now);
        totals.units += 1;
        totals.received += counts.received;
        totals.recovered += counts.recovered;
        totals.known += counts.known;
        totals.refused += counts.refused;
        totals.differences += counts.differences;
      } catch (error) {
        failed.push(error instanceof Error ? error.message : unit);
      }
    }
    if (failed.length > 0) throw new Error(failed.join('; '));
    return totals;
  },

  /** GET /billing/reconciliations: a manager reads their unit's, an admin any (scope.ts). */
  async list(db: AppDb, viewer: Viewer, query: ReconciliationsQuery): Promise<Reconciliation[]> {
    const filter = clientRowFilter(viewer, { unit: query.unit });
    if (filter === null) return [];
    const rows = await repo.list(
      db,
      { unit: filter.unit, from: query.from, to: query.to },
      query.limit,
    );
    return rows.map((row) => ({
      unit: row.unit,
      day: row.day,
      received: row.received,
      recovered: row.recovered,
      known: row.known,
      refused: row.refused,
      differences: row.differences as ReconciliationDifference[],
      ran_at: row.ranAt.toISOString(),
    }));
  },
};
