import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computePackageTotals,
  isSelectionHealthy,
  requiredMarginPercent,
} from '../catalogue/package-totals.ts';
import { buildProposalItems, computeProposalTotals } from '../sales/proposals.ts';
import type { ServiceBlock } from '../catalogue/service-constants.ts';
import { reaisToCentavos } from '../shared/money.ts';
import {
  computeSalesDashboard,
  salesDashboardCsv,
  type DashboardProposalRow,
} from './dashboard.ts';

/**
 * Issue 27: the builder (computePackageTotals + isSelectionHealthy), the saved proposal
 * (computeProposalTotals over its snapshot lines), the dashboard (computeSalesDashboard over the
 * stored row) and its CSV give one margin and one verdict for any package and selection, and
 * that verdict is the exact one: 10 000·cost ≤ (7 000 − minimum in basis points)·price.
 */

interface Drawn {
  id: number;
  block: ServiceBlock;
  value: number;
  cost: number;
  min_margin_percent: number;
}

const centavos = (max: number) => fc.integer({ min: 0, max }).map((value) => value / 100);
const serviceArb = fc.record({
  block: fc.constantFrom<ServiceBlock>('A', 'B', 'C', 'D'),
  value: centavos(2_000_000),
  cost: centavos(1_000_000),
  // numeric(5,2): 0–100 with 2 decimals.
  min_margin_percent: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
});

/** A selection: services and the sessions of each (ids repeat once per session). */
const selectionArb = fc
  .array(fc.tuple(serviceArb, fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 8 })
  .map((entries) =>
    entries.map(([service, sessions], index) => ({ ...service, id: index + 1, sessions })),
  );

function figuresOf(annualCentavos: number, selection: readonly (Drawn & { sessions: number })[]) {
  const sessions = selection.flatMap((service) =>
    Array.from({ length: service.sessions }, () => service),
  );
  // The builder.
  const builder = computePackageTotals(annualCentavos, sessions);
  const builderHealthy = isSelectionHealthy(builder, sessions);
  // The saved proposal: snapshot lines from the blocks, totals from the lines.
  const blocks = { A: [] as number[], B: [] as number[], C: [] as number[], D: [] as number[] };
  for (const service of sessions) blocks[service.block].push(service.id);
  const catalogue = new Map(
    selection.map((service) => [
      service.id,
      {
        id: service.id,
        name: `S${service.id}`,
        block: service.block,
        status: 'active',
        value: service.value,
        cost: service.cost,
        session_limit: 0,
        traits: [],
      },
    ]),
  );
  const items = buildProposalItems(blocks, catalogue);
  const proposal = computeProposalTotals(annualCentavos / 100, items);
  // The dashboard over the stored row (margin_pct and discount_pct come from the snapshot).
  const required = requiredMarginPercent(selection);
  const row: DashboardProposalRow = {
    id: 1,
    author_id: 1,
    author_name: 'Ana',
    unit: 'PAULISTA',
    package_id: 1,
    package_name: 'Pacote',
    status: 'accepted',
    superseded_by_id: null,
    created_at: '2026-03-02T13:00:00Z',
    valid_until: '2026-03-09T13:00:00Z',
    sent_at: '2026-03-02T14:00:00Z',
    viewed_at: null,
    answered_at: '2026-03-03T13:00:00Z',
    annual_value: annualCentavos,
    discount_pct: proposal.discountPct,
    margin_pct: proposal.margemPct,
    min_margin_pct: required,
    decline_reason_code: null,
    items: items.map((item) => ({ ...item, total_value: reaisToCentavos(item.total_value) })),
  };
  const scope = { from: '2026-03-01', to: '2026-03-31', unit: null, professional_id: null };
  const dashboard = computeSalesDashboard([row], scope, new Date('2026-05-01T00:00:00Z'));
  const csvTotal = salesDashboardCsv(dashboard).split('\r\n')[1]?.split(';') ?? [];
  const costCentavos = sessions.reduce((sum, service) => sum + reaisToCentavos(service.cost), 0);
  const requiredBp = Math.round(required * 100);
  const exactHealthy =
    annualCentavos > 0 ? 10_000 * costCentavos <= (7_000 - requiredBp) * annualCentavos : true;
  return { builder, builderHealthy, proposal, dashboard, csvTotal, exactHealthy, requiredBp };
}

describe('figures agree across builder, proposal, dashboard and CSV', () => {
  it('one margin, one discount and one verdict for any package and selection', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), selectionArb, (annual, selection) => {
        const { builder, builderHealthy, proposal, dashboard, csvTotal, exactHealthy } = figuresOf(
          annual,
          selection,
        );
        expect(proposal.margemPct).toBe(builder.margemPct);
        expect(proposal.discountPct).toBe(builder.descontoPct);
        expect(dashboard.average_margin_pct).toBe(builder.margemPct);
        expect(dashboard.average_discount_pct).toBe(builder.descontoPct);
        // Whole basis points: 2 decimals exactly.
        expect(Number.isInteger(builder.margemBp)).toBe(true);
        expect(Math.round(builder.margemPct * 100)).toBe(builder.margemBp);
        // One verdict, the exact one (a price of 0 has margin 0 and needs a 0 minimum).
        const healthy = annual > 0 ? exactHealthy : builder.margemBp >= 0 && builderHealthy;
        expect(builderHealthy).toBe(healthy);
        expect(dashboard.below_min_margin_count).toBe(builderHealthy ? 0 : 1);
        // The CSV writes the same digits the screen shows: 'Margem média (%)', 'Abaixo…'.
        const percent = (bp: number) =>
          `${bp < 0 ? '-' : ''}${Math.floor(Math.abs(bp) / 100)},${String(Math.abs(bp) % 100).padStart(2, '0')}`;
        expect(csvTotal[12]).toBe(percent(builder.margemBp));
        expect(csvTotal[13]).toBe(String(dashboard.below_min_margin_count));
      }),
    );
  });

  it('a margin exactly at the minimum meets it everywhere; a centavo more cost does not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 0, max: 7_000 }),
        (k, minimumBp) => {
          // P = R$ 100·k, cost = (7 000 − T)·k centavos: margin exactly T basis points.
          const annual = 10_000 * k;
          const cost = (7_000 - minimumBp) * k;
          const service = (extra: number) => ({
            id: 1,
            block: 'A' as const,
            value: 1,
            cost: (cost + extra) / 100,
            min_margin_percent: minimumBp / 100,
            sessions: 1,
          });
          const equal = figuresOf(annual, [service(0)]);
          expect(equal.builder.margemBp).toBe(minimumBp);
          expect(equal.builderHealthy).toBe(true);
          expect(equal.dashboard.below_min_margin_count).toBe(0);
          const dearer = figuresOf(annual, [service(1)]);
          expect(dearer.builderHealthy).toBe(false);
          expect(dearer.dashboard.below_min_margin_count).toBe(1);
        },
      ),
    );
  });
});
