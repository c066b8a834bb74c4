/**
 * Issue 26: the clinical check (packages/domain/src/clinical/check.ts) per answer on a
 * 300-procedure catalogue: a record with conditions and allergies plus a professional's request,
 * read and held against every procedure. Baseline: the word matching it replaces
 * (contraindicationConflicts in packages/domain/src/contraindications.ts) on the same catalogue
 * and record, measured in this run. Budget: 5 ms per answer (median and p95). Not a test:
 * timings never go in tests.
 *
 * Standalone: `node --import tsx bench/clinical.bench.ts` prints the section as markdown.
 * Environment: BENCH_CLINICAL_SAMPLES (answers timed, default 2000).
 */
import { performance } from 'node:perf_hooks';
import {
  clinicalCheck,
  DEMO_CLINICAL_TRAITS,
  type ClinicalProcedure,
} from '../packages/domain/src/catalogue/clinical/index.ts';
import { contraindicationConflicts } from '../packages/domain/src/catalogue/contraindications.ts';
import { positiveNumber } from './lib/env.ts';
import { sectionMarkdown, type BenchSection } from './lib/report.ts';
import { formatMs, formatRatio, median, percentile } from './lib/stats.ts';

const SAMPLES = positiveNumber('BENCH_CLINICAL_SAMPLES', 2000);
const SIZE = 300;
const BUDGET_MS = 5;
const TODAY = '2026-12-01';

/** The demo catalogue's procedures repeated to 300, each copy its own id and name. */
function catalogue(): ClinicalProcedure[] {
  const demo = Object.entries(DEMO_CLINICAL_TRAITS);
  return Array.from({ length: SIZE }, (_, i) => {
    const [name, entry] = demo[i % demo.length] ?? ['', undefined];
    return {
      id: i + 1,
      name: `${name} ${Math.floor(i / demo.length) + 1}`,
      traits: entry?.traits ?? null,
    };
  });
}

/** Answers vary in what they say, so no single text is measured warm. */
const REQUESTS = [
  'Casamento daqui a 3 semanas… nada que deixe roxo, até R$ 3.000',
  'Tenho marcapasso; quero melhorar a flacidez da barriga',
  'Uso isotretinoína há 2 meses, quero tratar cicatriz de acne. Botox nem pensar',
  'Zero laser e zero peeling: quero clarear manchas do rosto',
  'Nada de ácido hialurônico, mas quero mais volume nos lábios',
];
const RECORD = {
  conditions: ['gestante', 'tomo Marevan', 'tenho queloide'],
  allergies: ['lidocaína', 'látex'],
  freeText: 'Cliente diabética tipo 2, vai para a praia em 10 dias.',
};

function timed(run: (i: number) => unknown): number[] {
  for (let i = 0; i < 50; i += 1) run(i);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    run(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

// Async like the other sections bench/run.ts awaits.
export async function benchClinical(): Promise<BenchSection> {
  const procedures = catalogue();
  const legacy = procedures.map((p, i) => ({
    id: p.id,
    name: p.name,
    traits: [...(p.traits?.ingredients ?? []), ...(p.traits?.techniques ?? []), `traço ${i}`],
  }));
  let blocked = 0;
  const check = timed((i) => {
    const result = clinicalCheck(RECORD, REQUESTS[i % REQUESTS.length], procedures, TODAY);
    blocked = result.blocked_ids.length;
  });
  const baseline = timed(() =>
    contraindicationConflicts(legacy, {
      allergies: RECORD.allergies,
      contraindications: RECORD.conditions,
    }),
  );
  const checkMedian = median(check);
  const checkP95 = percentile(check, 95);
  const baseMedian = median(baseline);
  return {
    title: 'Clinical check',
    method:
      `clinicalCheck on ${SIZE} procedures (the demo catalogue's traits repeated), a record with ` +
      'three conditions, two allergies and notes, and one of five requests per answer, ' +
      `${SAMPLES} answers after 50 unmeasured. Baseline: contraindicationConflicts, the word ` +
      'matching it replaces, on the same catalogue and record. Lower is better.',
    figures: [
      {
        name: `${SIZE} procedures — one answer (median)`,
        value: formatMs(checkMedian),
        baseline: `${formatMs(baseMedian)} (word matching)`,
        ratio: formatRatio(checkMedian, baseMedian),
        note: 'lower is better; the check also reads the request and applies rules and dates',
      },
    ],
    budgets: [
      {
        name: `clinical check, ${SIZE} procedures, median`,
        measured: formatMs(checkMedian),
        budget: `${BUDGET_MS} ms`,
        passed: checkMedian < BUDGET_MS,
      },
      {
        name: `clinical check, ${SIZE} procedures, p95`,
        measured: formatMs(checkP95),
        budget: `${BUDGET_MS} ms`,
        passed: checkP95 < BUDGET_MS,
      },
    ],
    raw: [
      `clinicalCheck: median ${checkMedian.toFixed(3)} ms, p95 ${checkP95.toFixed(3)} ms, ` +
        `max ${Math.max(...check).toFixed(3)} ms (${blocked} blocked in the last answer)`,
      `contraindicationConflicts: median ${baseMedian.toFixed(3)} ms, p95 ${percentile(baseline, 95).toFixed(3)} ms`,
    ],
  };
}

if (process.argv[1]?.endsWith('clinical.bench.ts')) {
  console.log(sectionMarkdown(await benchClinical()));
}
