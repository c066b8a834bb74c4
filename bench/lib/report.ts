/** What each benchmark hands to bench/run.ts, which writes bench/RESULTS.md. */

export interface Figure {
  /** What is measured, e.g. "GET /api/v1/services/ — requests/s". */
  name: string;
  /** The app's figure, formatted. */
  value: string;
  /** The baseline's figure, formatted. */
  baseline: string;
  /** value / baseline, formatted (see formatRatio). */
  ratio: string;
  /** How to read it, e.g. "higher is better" or a budget verdict. */
  note?: string;
}

export interface BudgetCheck {
  name: string;
  measured: string;
  budget: string;
  passed: boolean;
}

export interface BenchSection {
  title: string;
  /** One line on what the baseline is and how the run was made. */
  method: string;
  figures: Figure[];
  budgets?: BudgetCheck[];
  /** Raw numbers, pasted into RESULTS.md as a code block. */
  raw: string[];
  /** Set when the benchmark could not run (missing build, missing file); the run continues. */
  skipped?: string;
}

export function sectionMarkdown(section: BenchSection): string {
  const lines = [`## ${section.title}`, '', section.method, ''];
  if (section.skipped) {
    lines.push(`**Not measured:** ${section.skipped}`, '');
  }
  if (section.figures.length > 0) {
    lines.push('| figure | app | baseline | ratio app/baseline | note |', '|---|---|---|---|---|');
    for (const f of section.figures) {
      lines.push(`| ${f.name} | ${f.value} | ${f.baseline} | ${f.ratio} | ${f.note ?? ''} |`);
    }
    lines.push('');
  }
  if (section.budgets && section.budgets.length > 0) {
    lines.push('| budget | measured | limit | result |', '|---|---|---|---|');
    for (const b of section.budgets) {
      lines.push(`| ${b.name} | ${b.measured} | ${b.budget} | ${b.passed ? 'pass' : '**FAIL**'} |`);
    }
    lines.push('');
  }
  if (section.raw.length > 0) {
    lines.push(
      '<details><summary>raw numbers</summary>',
      '',
      '```',
      ...section.raw,
      '```',
      '',
      '</details>',
      '',
    );
  }
  return lines.join('\n');
}
