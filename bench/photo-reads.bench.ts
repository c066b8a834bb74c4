/**
 * A cheap read while heavy ones are in flight (issue 16, item 4): `GET /api/v1/services/{id}`
 * timed one after another while ten `GET /api/v1/service-photos/{id}` (the base64 of a 4 × 9.5 MB
 * photo set, SPEC section 3) are downloading, against the same cheap read on an idle server.
 *   node --import tsx bench/photo-reads.bench.ts
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { scratchDir } from './lib/databases.ts';
import { BENCH_ADMIN, isEntryPoint, positiveNumber } from './lib/env.ts';
import { httpRequest, loginToken, startApiServer } from './lib/processes.ts';
import type { BenchSection, Figure } from './lib/report.ts';
import { formatMs, formatRatio, percentile } from './lib/stats.ts';

const PHOTO_BYTES = Math.round(9.5 * 1024 * 1024);
const PHOTOS = 4;
const HEAVY_READS = positiveNumber('BENCH_PHOTO_READS', 10);
const IDLE_SAMPLES = 200;

/** A JPEG by its magic bytes (the server checks content, DESIGN.md 7.11), random after them. */
function fakeJpegBase64(bytes: number): string {
  const image = crypto.randomBytes(bytes);
  image.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return image.toString('base64');
}

async function timedGet(url: string, authorization: string): Promise<number> {
  const started = performance.now();
  const response = await httpRequest(url, { headers: { authorization }, timeoutMs: 600_000 });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/**
 * A heavy read that counts the bytes and keeps none: holding ten 50 MB answers would make this
 * process collect garbage in the middle of the timed cheap reads.
 */
function drainedGet(url: string, authorization: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization }, agent: false }, (response) => {
      let bytes = 0;
      if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function latencyFigures(name: string, under: number[], idle: number[]): Figure[] {
  return (['p50', 'p99', 'max'] as const).map((which) => {
    const pick = (samples: number[]) =>
      which === 'max' ? Math.max(...samples) : percentile(samples, which === 'p50' ? 50 : 99);
    return {
      name: `${name} — ${which}`,
      value: formatMs(pick(under)),
      baseline: formatMs(pick(idle)),
      ratio: formatRatio(pick(under), pick(idle)),
      note: 'lower is better; baseline: the same read on the idle server',
    };
  });
}

export async function benchPhotoReads(): Promise<BenchSection> {
  const dataDir = scratchDir('photo-reads');
  const raw: string[] = [];
  const app = await startApiServer({ dataDir, seedDemo: true, timeoutMs: 120_000 });
  try {
    const token = await loginToken(app.baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const authorization = `Bearer ${token}`;
    const services = JSON.parse(
      (
        await httpRequest(`${app.baseUrl}/api/v1/services/`, { headers: { authorization } })
      ).body.toString(),
    ) as { id: number }[];
    const [heavy, cheap] = services;
    if (!heavy || !cheap) throw new Error('the demo catalogue has fewer than two services');

    console.log(`[photo-reads] saving ${PHOTOS} × ${(PHOTO_BYTES / 2 ** 20).toFixed(1)} MiB`);
    const saved = await httpRequest(`${app.baseUrl}/api/v1/service-photos/${heavy.id}`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        photos: Array.from({ length: PHOTOS }, (_, i) => ({
          imageBase64: `data:image/jpeg;base64,${fakeJpegBase64(PHOTO_BYTES)}`,
          subtitle: `Foto ${i + 1}`,
        })),
      }),
      timeoutMs: 600_000,
    });
    if (saved.status !== 200) throw new Error(`saving photos answered ${saved.status}`);

    const cheapUrl = `${app.baseUrl}/api/v1/services/${cheap.id}`;
    const idle: number[] = [];
    for (let i = 0; i < IDLE_SAMPLES; i++) idle.push(await timedGet(cheapUrl, authorization));

    console.log(`[photo-reads] ${HEAVY_READS} photo reads in flight, timing the cheap read`);
    const heavyStarted = performance.now();
    let inFlight = HEAVY_READS;
    let heavyBytes = 0;
    const heavyReads = Array.from({ length: HEAVY_READS }, () =>
      drainedGet(`${app.baseUrl}/api/v1/service-photos/${heavy.id}`, authorization).then(
        (bytes) => {
          heavyBytes = bytes;
          inFlight -= 1;
          return performance.now() - heavyStarted;
        },
      ),
    );
    const under: number[] = [];
    while (inFlight > 0) under.push(await timedGet(cheapUrl, authorization));
    const heavyTimes = await Promise.all(heavyReads);

    raw.push(
      `photo set answer: ${(heavyBytes / 2 ** 20).toFixed(1)} MiB`,
      `cheap reads while heavy ones in flight: ${under.length} samples, ` +
        `p50 ${formatMs(percentile(under, 50))}, p99 ${formatMs(percentile(under, 99))}, max ${formatMs(Math.max(...under))}`,
      `cheap reads idle: ${idle.length} samples, p50 ${formatMs(percentile(idle, 50))}, ` +
        `p99 ${formatMs(percentile(idle, 99))}, max ${formatMs(Math.max(...idle))}`,
      `heavy reads done after: ${heavyTimes.map((ms) => formatMs(ms)).join(', ')}`,
    );
    return {
      title: `Cheap read during ${HEAVY_READS} reads of a ${PHOTOS} × 9.5 MB photo set`,
      method:
        'The compiled server (`apps/api/dist/server.js`) on the embedded database with the demo ' +
        `catalogue, one service holding ${PHOTOS} photos of 9.5 MiB. ${HEAVY_READS} parallel ` +
        '`GET /api/v1/service-photos/{id}` (base64 answer) are started, and `GET /api/v1/services/{id}` ' +
        'of another service is timed one request after another until the last of them has finished; ' +
        `baseline: ${IDLE_SAMPLES} of the same cheap reads on the idle server just before.`,
      figures: [
        ...latencyFigures('GET /api/v1/services/{id}', under, idle),
        {
          name: `last of ${HEAVY_READS} photo-set reads done`,
          value: formatMs(Math.max(...heavyTimes)),
          baseline: '—',
          ratio: '—',
          note: 'lower is better',
        },
      ],
      raw,
    };
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) {
  const section = await benchPhotoReads();
  console.log(section.figures, section.raw.join('\n'));
}
