/**
 * Cold start: from spawning the compiled server (`node apps/api/dist/server.js`, what `npm start`
 * runs) to the first 200 of
 * GET /api/v1/health, on an empty DATA_DIR (initdb, migrations, first admin, demo seed) and on
 * the demo database it left (second start), against a bare `node -e` http server's cold start.
 *   node --import tsx bench/cold-start.bench.ts
 */
import fs from 'node:fs';
import { scratchDir } from './lib/databases.ts';
import { isEntryPoint, positiveNumber } from './lib/env.ts';
import { freePort, spawnUntilHealthy, startApiServer } from './lib/processes.ts';
import type { BenchSection } from './lib/report.ts';
import { formatMs, formatRatio, median } from './lib/stats.ts';

const RUNS = Math.round(positiveNumber('BENCH_COLD_RUNS', 3));

const BARE_SERVER = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); }).listen(Number(process.env.PORT), '127.0.0.1')`;

export interface ColdStartResult {
  section: BenchSection;
  /** The demo database of the last run, kept for the web benchmark; the caller removes it. */
  demoDataDir: string;
}

export async function benchColdStart(
  options: { keepDemoDataDir?: boolean } = {},
): Promise<ColdStartResult> {
  const emptyMs: number[] = [];
  const demoMs: number[] = [];
  const bareMs: number[] = [];
  let demoDataDir = '';
  for (let run = 1; run <= RUNS; run++) {
    console.log(`[cold-start] run ${run}/${RUNS}`);
    const port = await freePort();
    const bare = await spawnUntilHealthy(process.execPath, ['-e', BARE_SERVER], {
      env: { ...process.env, PORT: String(port) },
      healthUrl: `http://127.0.0.1:${port}/api/v1/health`,
    });
    bareMs.push(bare.readyMs);
    await bare.stop();

    const dataDir = scratchDir('cold');
    const first = await startApiServer({ dataDir, seedDemo: true });
    emptyMs.push(first.readyMs);
    await first.stop();
    const second = await startApiServer({ dataDir, seedDemo: true });
    demoMs.push(second.readyMs);
    await second.stop();

    if (demoDataDir) fs.rmSync(demoDataDir, { recursive: true, force: true });
    demoDataDir = dataDir;
  }
  if (!options.keepDemoDataDir) fs.rmSync(demoDataDir, { recursive: true, force: true });

  const bare = median(bareMs);
  const section: BenchSection = {
    title: 'Cold start',
    method:
      `Process spawn to the first 200 of GET /api/v1/health (polled every 10 ms), the server started ` +
      `as users start it (\`npm start\` runs the compiled \`apps/api/dist/server.js\`; embedded database). ` +
      `"Empty" is the first start on an empty DATA_DIR (initdb, migrations, first admin, demo seed); ` +
      `"demo" the second start on the database it created. Baseline: \`node -e\` with a bare ` +
      `node:http server. Median of ${RUNS} runs; lower is better.`,
    figures: [
      {
        name: 'empty DATA_DIR → healthy',
        value: formatMs(median(emptyMs)),
        baseline: formatMs(bare),
        ratio: formatRatio(median(emptyMs), bare),
        note: 'lower is better',
      },
      {
        name: 'demo database (second start) → healthy',
        value: formatMs(median(demoMs)),
        baseline: formatMs(bare),
        ratio: formatRatio(median(demoMs), bare),
        note: 'lower is better',
      },
    ],
    raw: [
      `empty ms: ${emptyMs.map((ms) => ms.toFixed(0)).join(' ')}`,
      `demo ms: ${demoMs.map((ms) => ms.toFixed(0)).join(' ')}`,
      `bare node -e ms: ${bareMs.map((ms) => ms.toFixed(0)).join(' ')}`,
    ],
  };
  return { section, demoDataDir };
}

if (isEntryPoint(import.meta.url)) {
  const { section } = await benchColdStart();
  console.log(section.figures, section.raw.join('\n'));
}
