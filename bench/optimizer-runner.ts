/**
 * Runs bench/optimizer.bench.ts (the recommendation optimizer against brute force, and its time
 * on 300 procedures; written with the optimizer) in its own process and turns what it prints
 * into a RESULTS.md section.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './lib/env.ts';
import type { BenchSection, Figure } from './lib/report.ts';
import { formatMs, formatRatio } from './lib/stats.ts';

const OPTIMIZER_BENCH = path.join(REPO_ROOT, 'bench/optimizer.bench.ts');
const TIMEOUT_MS = 10 * 60 * 1000;

export async function benchOptimizer(): Promise<BenchSection> {
  const section: BenchSection = {
    title: 'Recommendation optimizer',
    method:
      'bench/optimizer.bench.ts in its own process: the exact optimizer against brute force (every ' +
      'subset) on an instance brute force can still solve, same optimum checked; then the ' +
      'optimizer alone on 300-procedure catalogues, where brute force (2^300 subsets) has no ' +
      'figure to compare with. Lower is better.',
    figures: [],
    raw: [],
  };
  if (!fs.existsSync(OPTIMIZER_BENCH)) {
    return { ...section, skipped: 'bench/optimizer.bench.ts does not exist yet.' };
  }
  const { code, output } = await runScript(OPTIMIZER_BENCH);
  section.raw = output.trimEnd().split('\n');
  if (code !== 0) return { ...section, skipped: `optimizer.bench.ts exited with code ${code}.` };
  section.figures = parseOptimizerOutput(output);
  return section;
}

function runScript(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Reads the figures from the lines optimizer.bench.ts prints (pt-BR labels). */
export function parseOptimizerOutput(output: string): Figure[] {
  const figures: Figure[] = [];
  const number = (text: string) => Number(text.replace(',', '.'));
  for (const line of output.split('\n')) {
    const versus =
      /^\s*(\d+) procedimentos: otimizador ([\d.,]+) ms, força bruta ([\d.,]+) ms/.exec(line);
    if (versus?.[1] && versus[2] && versus[3]) {
      const optimizerMs = number(versus[2]);
      const bruteMs = number(versus[3]);
      figures.push({
        name: `${versus[1]} procedures — time to the optimum`,
        value: formatMs(optimizerMs),
        baseline: `${formatMs(bruteMs)} (brute force)`,
        ratio: formatRatio(optimizerMs, bruteMs),
        note: 'lower is better; same optimum',
      });
      continue;
    }
    const alone = /^\s*(300[^:]*): ([\d.,]+) ms/.exec(line);
    if (alone?.[1] && alone[2]) {
      figures.push({
        name: `${alone[1]} — time to the optimum`,
        value: formatMs(number(alone[2])),
        baseline: 'n/a (brute force infeasible)',
        ratio: 'n/a',
        note: 'lower is better',
      });
    }
  }
  return figures;
}
