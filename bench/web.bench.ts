/**
 * Web: gzipped JavaScript that /login and the package builder (/montar-pacote) load, and their
 * Lighthouse performance scores (desktop and mobile presets), against the budgets of issue 7.
 * Builds the web app into bench/.tmp/web-dist (so a build in progress elsewhere is untouched)
 * unless BENCH_WEB_DIST names an existing build, and serves it with the real server.
 *   node --import tsx bench/web.bench.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Browser } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { prepareDemoDatabase, scratchDir } from './lib/databases.ts';
import {
  BENCH_ADMIN,
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  isEntryPoint,
  positiveNumber,
  REPO_ROOT,
  TMP_DIR,
} from './lib/env.ts';
import { httpRequest, postJson, startApiServer } from './lib/processes.ts';
import type { BenchSection, BudgetCheck, Figure } from './lib/report.ts';
import { formatKB, formatRatio, median } from './lib/stats.ts';

const KB = 1024;
interface WebPage {
  name: string;
  path: string;
  signedIn: boolean;
  /** Budget for the gzipped JavaScript it loads. */
  jsBudgetBytes: number;
}
const PAGES: WebPage[] = [
  { name: '/login', path: '/login', signedIn: false, jsBudgetBytes: 180 * KB },
  {
    name: 'builder (/montar-pacote)',
    path: '/montar-pacote',
    signedIn: true,
    jsBudgetBytes: 300 * KB,
  },
];
const SCORE_BUDGETS = { desktop: 95, mobile: 90 } as const;
const LIGHTHOUSE_RUNS = Math.round(positiveNumber('BENCH_LIGHTHOUSE_RUNS', 3));
/** Only the Lighthouse runs whose "preset page" matches, e.g. 'mobile builder' (while tuning). */
const LIGHTHOUSE_ONLY = process.env.BENCH_LIGHTHOUSE_ONLY
  ? new RegExp(process.env.BENCH_LIGHTHOUSE_ONLY, 'i')
  : null;
type Preset = keyof typeof SCORE_BUDGETS;

interface Session {
  token: string;
  user: unknown;
}

/** Builds the web app into a private directory, or uses BENCH_WEB_DIST. Returns the dist path. */
export function buildWeb(): { dist: string; note: string } {
  const given = process.env.BENCH_WEB_DIST;
  if (given) {
    const dist = path.resolve(given);
    if (!fs.existsSync(path.join(dist, 'index.html')))
      throw new Error(`${dist}/index.html missing`);
    return { dist, note: `existing build ${dist}` };
  }
  const dist = path.join(TMP_DIR, 'web-dist');
  const started = performance.now();
  execFileSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '-c',
      path.join(REPO_ROOT, 'apps/web/vite.config.ts'),
      '--outDir',
      dist,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
  return {
    dist,
    note: `fresh build of apps/web in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  };
}

export async function benchWeb(options: { demoDataDir?: string } = {}): Promise<BenchSection> {
  console.log('[web] building the web app');
  const build = buildWeb();
  let dataDir = options.demoDataDir;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (!dataDir) {
    const prepared = await prepareDemoDatabase({ kind: 'pglite' });
    dataDir = prepared.dataDir;
    dropDatabase = () => prepared.drop();
  }
  const server = await startApiServer({
    ...(dataDir ? { dataDir } : {}),
    extraEnv: { WEB_DIST: build.dist },
  });
  const figures: Figure[] = [];
  const budgets: BudgetCheck[] = [];
  const raw: string[] = [`web: ${build.note}`];
  try {
    const session = await postJson<{ access_token: string; user: unknown }>(
      `${server.baseUrl}/api/v1/auth/login`,
      { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password },
    );
    const signIn: Session = { token: session.access_token, user: session.user };

    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
    });
    try {
      for (const page of PAGES) {
        console.log(`[web] JavaScript of ${page.name}`);
        const js = await javascriptOf(browser, server.baseUrl, page, signIn);
        raw.push(
          `${page.name}: ${js.files.length} JS files, gzip ${js.gzipBytes} B, brotli ${js.brotliBytes} B, ` +
            `raw ${js.rawBytes} B; final URL ${js.finalPath}`,
          ...js.files.map(
            (f) => `  ${f.path}: gzip ${f.gzipBytes} B, br ${f.brotliBytes} B, raw ${f.rawBytes} B`,
          ),
        );
        figures.push({
          name: `${page.name} — gzipped JavaScript`,
          value: formatKB(js.gzipBytes),
          baseline: `${formatKB(page.jsBudgetBytes)} (budget)`,
          ratio: formatRatio(js.gzipBytes, page.jsBudgetBytes),
          note: `lower is better; brotli as served: ${formatKB(js.brotliBytes)}`,
        });
        budgets.push({
          name: `${page.name} gzipped JS`,
          measured: formatKB(js.gzipBytes),
          budget: `≤ ${formatKB(page.jsBudgetBytes)}`,
          passed: js.gzipBytes <= page.jsBudgetBytes && js.finalPath === page.path,
        });
      }
    } finally {
      await browser.close();
    }

    for (const page of PAGES) {
      for (const preset of ['desktop', 'mobile'] as const) {
        if (LIGHTHOUSE_ONLY && !LIGHTHOUSE_ONLY.test(`${preset} ${page.name}`)) continue;
        // Lighthouse varies from run to run (more so on a busy machine): the median of a few runs.
        const scores: number[] = [];
        for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
          console.log(`[web] Lighthouse ${preset} ${page.name} (${run}/${LIGHTHOUSE_RUNS})`);
          const attempt = await lighthouseScore(server.baseUrl, page, preset, signIn);
          raw.push(`lighthouse ${preset} ${page.name} run ${run}: ${attempt.detail}`);
          scores.push(attempt.score);
        }
        const result = { score: median(scores) };
        figures.push({
          name: `${page.name} — Lighthouse performance, ${preset}`,
          value: Number.isFinite(result.score) ? String(result.score) : 'n/a',
          baseline: `${SCORE_BUDGETS[preset]} (budget)`,
          ratio: formatRatio(result.score, SCORE_BUDGETS[preset]),
          note: 'higher is better',
        });
        budgets.push({
          name: `${page.name} Lighthouse ${preset}`,
          measured: Number.isFinite(result.score) ? String(result.score) : 'n/a',
          budget: `≥ ${SCORE_BUDGETS[preset]}`,
          passed: result.score >= SCORE_BUDGETS[preset],
        });
      }
    }
  } finally {
    await server.stop();
    await dropDatabase?.();
  }
  return {
    title: 'Web: JavaScript weight and Lighthouse',
    method:
      `The built app served by the real server (pre-compressed assets). JavaScript: every script the ` +
      `page requests in Chromium (playwright-core) until the network is idle, each fetched again ` +
      `with Accept-Encoding gzip (and br) to read its transferred size; the builder is loaded signed ` +
      `in (token and user in localStorage). Lighthouse 12 (performance only, Debian Chromium, ` +
      `fresh profile per run, default mobile preset and the desktop preset; the median score of ` +
      `${LIGHTHOUSE_RUNS} runs). The baseline of these ` +
      `figures is the budget of issue 7 (1 KB = 1024 bytes).`,
    figures,
    budgets,
    raw,
  };
}

interface JsFile {
  path: string;
  gzipBytes: number;
  brotliBytes: number;
  rawBytes: number;
}

async function javascriptOf(
  browser: Browser,
  baseUrl: string,
  page: WebPage,
  session: Session,
): Promise<{
  files: JsFile[];
  gzipBytes: number;
  brotliBytes: number;
  rawBytes: number;
  finalPath: string;
}> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    if (page.signedIn) await putSession(tab, baseUrl, session);
    const scripts = new Set<string>();
    tab.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    await tab.goto(baseUrl + page.path, { waitUntil: 'networkidle' });
    const finalPath = new URL(tab.url()).pathname;
    const files: JsFile[] = [];
    for (const url of scripts) {
      const transferred = async (encoding: string) =>
        (await httpRequest(url, { headers: { 'accept-encoding': encoding } })).body.length;
      files.push({
        path: new URL(url).pathname,
        gzipBytes: await transferred('gzip'),
        brotliBytes: await transferred('br'),
        rawBytes: await transferred('identity'),
      });
    }
    const sum = (key: 'gzipBytes' | 'brotliBytes' | 'rawBytes') =>
      files.reduce((s, f) => s + f[key], 0);
    return {
      files,
      gzipBytes: sum('gzipBytes'),
      brotliBytes: sum('brotliBytes'),
      rawBytes: sum('rawBytes'),
      finalPath,
    };
  } finally {
    await context.close();
  }
}

/** The session as the web keeps it, set on the origin from a page that loads no JavaScript. */
async function putSession(
  tab: { goto(url: string): Promise<unknown>; evaluate(script: string): Promise<unknown> },
  baseUrl: string,
  session: Session,
): Promise<void> {
  await tab.goto(`${baseUrl}/api/v1/health`);
  await tab.evaluate(
    `localStorage.setItem('token', ${JSON.stringify(session.token)});` +
      `localStorage.setItem('user', ${JSON.stringify(JSON.stringify(session.user))});`,
  );
}

async function lighthouseScore(
  baseUrl: string,
  page: WebPage,
  preset: Preset,
  session: Session,
): Promise<{ score: number; detail: string }> {
  const profile = scratchDir('lighthouse-profile');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir: profile,
    logLevel: 'silent',
  });
  try {
    if (page.signedIn) {
      // Lighthouse keeps storage with disableStorageReset; the session is put there first from
      // a JSON page, so no app script is cached before the measured load.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      await putSession(tab, baseUrl, session);
      await tab.close();
      await browser.disconnect();
    }
    const result = await lighthouse(
      baseUrl + page.path,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) return { score: Number.NaN, detail: 'no result' };
    const { lhr } = result;
    // The whole report, for finding what costs the score (LCP element, request chains, bootup).
    const reportName = `lighthouse-${preset}-${page.path.replace(/\W+/g, '') || 'root'}.json`;
    fs.writeFileSync(path.join(TMP_DIR, reportName), JSON.stringify(lhr));
    const rawScore = lhr.categories.performance?.score;
    const metric = (id: string) => {
      const audit = lhr.audits[id];
      return audit?.numericValue === undefined
        ? 'n/a'
        : audit.numericValue.toFixed(id === 'cumulative-layout-shift' ? 3 : 0);
    };
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    const detail =
      `score ${rawScore === null || rawScore === undefined ? 'n/a' : Math.round(rawScore * 100)}, ` +
      `FCP ${metric('first-contentful-paint')} ms, LCP ${metric('largest-contentful-paint')} ms, ` +
      `TBT ${metric('total-blocking-time')} ms, CLS ${metric('cumulative-layout-shift')}, ` +
      `SI ${metric('speed-index')} ms, final URL ${finalPath}` +
      (lhr.runtimeError ? `, runtime error ${lhr.runtimeError.code}` : '');
    // A redirect to the sign-in page would score the wrong page.
    const score =
      rawScore === null || rawScore === undefined || finalPath !== page.path
        ? Number.NaN
        : Math.round(rawScore * 100);
    return { score, detail };
  } finally {
    chrome.kill();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url)) {
  const section = await benchWeb();
  console.log(section.figures, section.budgets, section.raw.join('\n'));
}
