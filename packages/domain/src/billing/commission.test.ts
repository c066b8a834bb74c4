import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../vitest.fast-check.ts';
import { computePackageTotals } from '../catalogue/package-totals.ts';
import {
  commissionEntries,
  commissionStatement,
  contractMargin,
  entryKey,
  ruleFor,
  type CommissionEntry,
  type CommissionRule,
  type CommissionSourceEvent,
  type ContractFigures,
} from './commission.ts';

const CONTRACT: ContractFigures = { contract_id: 1, price: 1200_00, cost: 300_00 };
const rule = (over: Partial<CommissionRule> & Pick<CommissionRule, 'id'>): CommissionRule => ({
  version: 1,
  scope: {},
  event: 'venda_aceita',
  basis: 'preco_contratado',
  rate: { type: 'pct', bp: 500 },
  clawback: 'integral',
  valid_from: '2026-01-01',
  ...over,
});
type Sale = Extract<CommissionSourceEvent, { type: 'venda_aceita' }>;
const sale = (over: Partial<Sale> = {}): Sale => ({
  type: 'venda_aceita',
  source_id: 'c1',
  at: '2026-03-10T15:00:00Z',
  professional_id: 7,
  unit: 'U1',
  profile: 'vendedora',
  contract: CONTRACT,
  ...over,
});

describe('rules', () => {
  it('picks the most specific rule in force: professional > profile+unit > unit > profile > network', () => {
    const rules = [
      rule({ id: 1 }),
      rule({ id: 2, scope: { profile: 'vendedora' } }),
      rule({ id: 3, scope: { unit: 'U1' } }),
      rule({ id: 4, scope: { unit: 'U1', profile: 'vendedora' } }),
      rule({ id: 5, scope: { professional_id: 7 } }),
      rule({ id: 6, scope: { professional_id: 8 } }),
    ];
    const event = sale() as Extract<CommissionSourceEvent, { type: 'venda_aceita' }>;
    for (let best = 5; best >= 1; best--) {
      expect(
        ruleFor(
          rules.filter((item) => item.id <= best || item.id === 6),
          event,
        )?.id,
      ).toBe(best);
    }
    expect(ruleFor([rule({ id: 1, event: 'sessao_realizada' })], event)).toBeNull();
  });

  it('applies a new version from its São Paulo day, never before', () => {
    const rules = [
      rule({ id: 1 }),
      rule({ id: 1, version: 2, valid_from: '2026-03-11', rate: { type: 'pct', bp: 1000 } }),
    ];
    // 2026-03-11T02:00Z is still March 10th in São Paulo.
    expect(commissionEntries(rules, [sale({ at: '2026-03-11T02:00:00Z' })])[0]).toMatchObject({
      rule_version: 1,
      amount: 60_00,
    });
    expect(commissionEntries(rules, [sale({ at: '2026-03-11T03:00:00Z' })])[0]).toMatchObject({
      rule_version: 2,
      amount: 120_00,
    });
  });

  it("uses DESIGN 6's lucro for the margin, and a session's share of it by contracted price", () => {
    const totals = computePackageTotals(CONTRACT.price, [{ value: 1500, cost: 300 }]);
    expect(contractMargin(CONTRACT)).toBe(totals.lucro);
    const rules = [
      rule({ id: 1, basis: 'margem', rate: { type: 'pct', bp: 1000 } }),
      rule({ id: 2, event: 'sessao_realizada', basis: 'margem', rate: { type: 'pct', bp: 1000 } }),
    ];
    const session: CommissionSourceEvent = {
      ...sale(),
      type: 'sessao_realizada',
      source_id: 's1',
      session_price: 100_00,
    };
    const [onSale, onSession] = commissionEntries(rules, [sale(), session]);
    expect(onSale).toMatchObject({ base: 540_00, amount: 54_00 });
    expect(onSession).toMatchObject({ base: 45_00, amount: 4_50, source_type: 'sessao' });
    const loss = commissionEntries(rules, [sale({ contract: { ...CONTRACT, cost: 1000_00 } })]);
    expect(loss[0]).toMatchObject({ base: -160_00, amount: 0 });
  });

  it('pays the tier the month total reaches on every entry of the month', () => {
    const rules = [
      rule({
        id: 1,
        rate: {
          type: 'faixas',
          tiers: [
            { from: 0, bp: 300 },
            { from: 2000_00, bp: 500 },
          ],
        },
      }),
    ];
    const one = commissionEntries(rules, [sale()]);
    expect(one[0]?.amount).toBe(36_00);
    const two = commissionEntries(rules, [
      sale(),
      sale({ source_id: 'c2', contract: { ...CONTRACT, contract_id: 2 } }),
    ]);
    expect(two.map((entry) => entry.amount)).toEqual([60_00, 60_00]);
  });
});

describe('reversals', () => {
  it('adds reversing entries, never edits, per clawback', () => {
    const rules = [
      rule({ id: 1, clawback: 'proporcional' }),
      rule({ id: 2, event: 'sessao_realizada', clawback: 'nenhum' }),
    ];
    const events: CommissionSourceEvent[] = [
      sale(),
      {
        ...sale(),
        type: 'sessao_realizada',
        source_id: 's1',
        at: '2026-03-20T15:00:00Z',
        session_price: 100_00,
      },
      {
        type: 'cancelamento',
        source_id: 'k1',
        at: '2026-04-02T15:00:00Z',
        contract_id: 1,
        unused: 900_00,
        price: 1200_00,
      },
      {
        type: 'desistencia',
        source_id: 'k2',
        at: '2026-04-03T15:00:00Z',
        contract_id: 1,
        unused: 0,
        price: 1200_00,
      },
    ];
    const entries = commissionEntries(rules, events);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ amount: 60_00, status: 'prevista' });
    expect(entries[2]).toMatchObject({
      source_type: 'cancelamento',
      source_id: 'k1',
      period: '2026-04',
      amount: -45_00,
      base: -900_00,
      status: 'estornada',
      reverses: 'contrato:c1',
    });
  });

  it('never rewrites a closed month, even under a new rule version', () => {
    const rules = [rule({ id: 1 })];
    const events = [sale(), sale({ source_id: 'c2', at: '2026-04-10T15:00:00Z' })];
    const march = commissionEntries(rules, events).filter((entry) => entry.period <= '2026-03');
    const changed = [
      ...rules,
      rule({ id: 1, version: 2, valid_from: '2026-01-01', rate: { type: 'pct', bp: 2000 } }),
    ];
    const after = commissionEntries(changed, events, { through: '2026-03', entries: march });
    expect(after.filter((entry) => entry.period === '2026-03')).toEqual(march);
    expect(after.find((entry) => entry.source_id === 'c2')?.amount).toBe(240_00);
  });
});

describe('statement', () => {
  it('sums entries and adjustments into gross and net', () => {
    const entries = commissionEntries(
      [rule({ id: 1 })],
      [sale(), sale({ source_id: 'c2' }), sale({ source_id: 'c3', professional_id: 8 })],
    );
    const statement = commissionStatement(
      entries,
      [{ id: 'a1', professional_id: 7, period: '2026-03', amount: -50_00, reason: 'Adiantamento' }],
      7,
      '2026-03',
    );
    expect(statement).toMatchObject({ gross: 120_00, net: 70_00 });
    expect(statement.entries).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties against an independent oracle

/** São Paulo day by its fixed offset (UTC−3; no daylight saving since 2019). */
const spDay = (at: string) => new Date(Date.parse(at) - 3 * 3_600_000).toISOString().slice(0, 10);
const halfAway = (x: number) => (x < 0 ? -Math.round(-x) : Math.round(x));

function oracle(rules: CommissionRule[], events: CommissionSourceEvent[]): CommissionEntry[] {
  const out: CommissionEntry[] = [];
  const rates = new Map<CommissionEntry, CommissionRule['rate']>();
  const when = new Map<string, number>();
  for (const event of events) {
    if (event.type === 'desistencia' || event.type === 'cancelamento') continue;
    const day = spDay(event.at);
    const ids = [...new Set(rules.map((r) => r.id))];
    const inForce = ids.flatMap((id) => {
      const candidates = rules
        .filter((r) => r.id === id && r.valid_from <= day)
        .sort((a, b) => b.valid_from.localeCompare(a.valid_from) || b.version - a.version);
      return candidates.slice(0, 1);
    });
    const score = (r: CommissionRule) =>
      r.scope.professional_id !== undefined
        ? 4
        : (r.scope.unit !== undefined ? 2 : 0) + (r.scope.profile !== undefined ? 1 : 0);
    const winner = inForce
      .filter(
        (r) =>
          r.event === event.type &&
          [r.scope.professional_id ?? event.professional_id].includes(event.professional_id) &&
          [r.scope.unit ?? event.unit].includes(event.unit) &&
          [r.scope.profile ?? event.profile].includes(event.profile),
      )
      .sort((a, b) => score(b) - score(a) || a.id - b.id)[0];
    if (!winner) continue;
    const value =
      event.type === 'venda_aceita'
        ? event.contract.price
        : event.type === 'parcela_paga'
          ? event.amount
          : event.session_price;
    const lucro = computePackageTotals(event.contract.price, [
      { value: 0, cost: event.contract.cost / 100 },
    ]).lucro;
    const base =
      winner.basis === 'preco_contratado'
        ? value
        : halfAway((lucro * value) / event.contract.price);
    const sourceType = {
      venda_aceita: 'contrato',
      parcela_paga: 'parcela',
      sessao_realizada: 'sessao',
    } as const;
    const entry: CommissionEntry = {
      rule_id: winner.id,
      rule_version: winner.version,
      professional_id: event.professional_id,
      event: event.type,
      source_type: sourceType[event.type],
      source_id: event.source_id,
      contract_id: event.contract.contract_id,
      period: day.slice(0, 7),
      base,
      amount: 0,
      status: 'prevista',
      clawback: winner.clawback,
    };
    rates.set(entry, winner.rate);
    when.set(entryKey(entry), Date.parse(event.at));
    out.push(entry);
  }
  for (const entry of out) {
    const rate = rates.get(entry)!;
    const sameGroup = out.filter(
      (o) =>
        o.professional_id === entry.professional_id &&
        o.period === entry.period &&
        o.rule_id === entry.rule_id &&
        o.rule_version === entry.rule_version,
    );
    const total = sameGroup.reduce((s, o) => s + o.base, 0);
    const bp =
      rate.type === 'pct'
        ? rate.bp
        : rate.type === 'faixas'
          ? ([...rate.tiers].sort((a, b) => b.from - a.from).find((t) => t.from <= total)?.bp ?? 0)
          : 0;
    entry.amount =
      rate.type === 'fixo' ? rate.centavos : Math.round((Math.max(0, entry.base) * bp) / 10_000);
  }
  const reversals = events
    .filter(
      (e): e is Extract<CommissionSourceEvent, { type: 'desistencia' | 'cancelamento' }> =>
        e.type === 'desistencia' || e.type === 'cancelamento',
    )
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.source_id.localeCompare(b.source_id));
  const done = new Set<number>();
  const reversing: CommissionEntry[] = [];
  for (const r of reversals) {
    if (done.has(r.contract_id)) continue;
    done.add(r.contract_id);
    for (const o of out) {
      if (
        o.contract_id !== r.contract_id ||
        o.clawback === 'nenhum' ||
        when.get(entryKey(o))! > Date.parse(r.at)
      )
        continue;
      const whole = r.type === 'desistencia' || o.clawback === 'integral';
      reversing.push({
        ...o,
        source_type: r.type,
        source_id: r.source_id,
        period: spDay(r.at).slice(0, 7),
        base: -(whole ? o.base : halfAway((o.base * r.unused) / r.price)),
        amount: -(whole ? o.amount : halfAway((o.amount * r.unused) / r.price)),
        status: 'estornada',
        reverses: entryKey(o),
      });
    }
  }
  return [...out, ...reversing];
}

const canonical = (entries: readonly CommissionEntry[]) =>
  entries.map((entry) => JSON.stringify(entry, Object.keys(entry).sort())).sort();

const day = fc
  .integer({ min: 0, max: 180 })
  .map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const instant = fc
  .integer({ min: 0, max: 180 * 24 * 60 })
  .map((m) => new Date(Date.UTC(2026, 0, 1) + m * 60_000).toISOString());
const rateArb = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }).map((bp) => ({ type: 'pct' as const, bp })),
  fc.integer({ min: 0, max: 50_000 }).map((centavos) => ({ type: 'fixo' as const, centavos })),
  fc
    .array(
      fc.record({
        from: fc.integer({ min: 0, max: 2_000_000 }),
        bp: fc.integer({ min: 0, max: 3_000 }),
      }),
      { minLength: 1, maxLength: 3 },
    )
    .map((tiers) => ({ type: 'faixas' as const, tiers })),
);
const ruleArb = fc.record({
  id: fc.integer({ min: 1, max: 6 }),
  // Professional scopes rare, so the other levels often compete for the same event.
  scope: fc
    .tuple(
      fc.option(fc.constantFrom('U1', 'U2'), { freq: 2 }),
      fc.option(fc.constantFrom('vendedora', 'esteticista'), { freq: 2 }),
      fc.oneof(
        { arbitrary: fc.constant(null), weight: 5 },
        { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 },
      ),
    )
    .map(([unit, profile, professional]) => ({
      ...(unit === null ? {} : { unit }),
      ...(profile === null ? {} : { profile }),
      ...(professional === null ? {} : { professional_id: professional }),
    })),
  event: fc.constantFrom(
    'venda_aceita' as const,
    'parcela_paga' as const,
    'sessao_realizada' as const,
  ),
  basis: fc.constantFrom('preco_contratado' as const, 'margem' as const),
  rate: rateArb,
  clawback: fc.constantFrom('nenhum' as const, 'proporcional' as const, 'integral' as const),
  valid_from: day,
});
const rulesArb = fc
  .array(ruleArb, { minLength: 1, maxLength: 8 })
  .map((rules) => rules.map((r, i): CommissionRule => ({ ...r, version: i + 1 })));
const contractArb = fc
  .tuple(
    fc.integer({ min: 1, max: 3 }),
    fc.integer({ min: 1_00, max: 50_000_00 }),
    fc.integer({ min: 0, max: 100 }),
  )
  .map(([id, price, costPct]): ContractFigures => ({
    contract_id: id,
    price,
    cost: Math.floor((price * costPct) / 100),
  }));
const eventArb = fc.oneof(
  fc
    .record({
      kind: fc.constantFrom(
        'venda_aceita' as const,
        'parcela_paga' as const,
        'sessao_realizada' as const,
      ),
      at: instant,
      professional_id: fc.integer({ min: 1, max: 3 }),
      unit: fc.constantFrom('U1', 'U2'),
      profile: fc.constantFrom('vendedora', 'esteticista'),
      contract: contractArb,
      part: fc.integer({ min: 0, max: 100 }),
    })
    .map(({ kind, part, ...rest }): CommissionSourceEvent => {
      const value = Math.floor((rest.contract.price * part) / 100);
      if (kind === 'venda_aceita') return { ...rest, source_id: '', type: kind };
      if (kind === 'parcela_paga') return { ...rest, source_id: '', type: kind, amount: value };
      return { ...rest, source_id: '', type: kind, session_price: value };
    }),
  fc
    .record({
      type: fc.constantFrom('desistencia' as const, 'cancelamento' as const),
      at: instant,
      contract: contractArb,
      part: fc.integer({ min: 0, max: 100 }),
    })
    .map(({ contract, part, type, at }): CommissionSourceEvent => {
      const body = {
        source_id: '',
        at,
        contract_id: contract.contract_id,
        price: contract.price,
        unused: Math.floor((contract.price * part) / 100),
      };
      return type === 'desistencia' ? { ...body, type } : { ...body, type };
    }),
);
const eventsArb = fc
  .array(eventArb, { maxLength: 14 })
  .map((events) =>
    events.map((event, i) => ({ ...event, source_id: `e${i}` }) as CommissionSourceEvent),
  );

describe('commission, properties', () => {
  it('entries equal the rules applied by an independent oracle', () => {
    fc.assert(
      fc.property(rulesArb, eventsArb, (rules, events) => {
        expect(canonical(commissionEntries(rules, events))).toEqual(
          canonical(oracle(rules, events)),
        );
      }),
      { numRuns: propertyRuns(400) },
    );
  });

  it('clawback restores exactly, once per entry, never editing the original', () => {
    fc.assert(
      fc.property(rulesArb, eventsArb, (rules, events) => {
        const entries = commissionEntries(rules, events);
        const originals = new Map(entries.filter((e) => !e.reverses).map((e) => [entryKey(e), e]));
        const seen = new Set<string>();
        for (const reversal of entries.filter((e) => e.reverses)) {
          const original = originals.get(reversal.reverses!);
          expect(original).toBeDefined();
          expect(original!.status).toBe('prevista');
          expect(seen.has(reversal.reverses!)).toBe(false);
          seen.add(reversal.reverses!);
          const whole = reversal.source_type === 'desistencia' || original!.clawback === 'integral';
          if (whole) expect(reversal.amount + original!.amount).toBe(0);
          else {
            expect(-reversal.amount).toBeLessThanOrEqual(original!.amount);
            expect(-reversal.amount).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('a closed month is unchanged by any later rule version, and closing alone changes nothing', () => {
    fc.assert(
      fc.property(
        rulesArb,
        eventsArb,
        rulesArb,
        fc.integer({ min: 1, max: 6 }),
        (rules, events, added, month) => {
          const through = `2026-0${month}`;
          const before = commissionEntries(rules, events);
          const closed = { through, entries: before.filter((e) => e.period <= through) };
          expect(canonical(commissionEntries(rules, events, closed))).toEqual(canonical(before));
          const newer = added.map((r) => ({ ...r, version: r.version + 100 }));
          const after = commissionEntries([...rules, ...newer], events, closed);
          expect(canonical(after.filter((e) => e.period <= through))).toEqual(
            canonical(closed.entries),
          );
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('statements add up to the entries exactly', () => {
    fc.assert(
      fc.property(
        rulesArb,
        eventsArb,
        fc.array(fc.integer({ min: -100_000, max: 100_000 }), { maxLength: 4 }),
        (rules, events, amounts) => {
          const entries = commissionEntries(rules, events);
          const adjustments = amounts.map((amount, i) => ({
            id: `a${i}`,
            professional_id: (i % 3) + 1,
            period: '2026-02',
            amount,
            reason: 'Adiantamento',
          }));
          let gross = 0;
          let net = 0;
          for (const professional of [1, 2, 3]) {
            for (const period of [
              '2026-01',
              '2026-02',
              '2026-03',
              '2026-04',
              '2026-05',
              '2026-06',
              '2026-07',
            ]) {
              const statement = commissionStatement(entries, adjustments, professional, period);
              expect(Number.isInteger(statement.gross)).toBe(true);
              gross += statement.gross;
              net += statement.net;
            }
          }
          const total = entries.reduce((s, e) => s + e.amount, 0);
          expect(gross).toBe(total);
          expect(net).toBe(total + amounts.reduce((s, a) => s + a, 0));
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
});
