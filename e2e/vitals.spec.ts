import { expect, test as base, type Page } from '@playwright/test';
import type { WebVitalsSummary } from '@portal/domain';
import { seriousAxeViolations } from './a11y.ts';
import { adminToken, signInAsAdmin } from './fixtures.ts';
import { startForwardingProxy } from './forwarding-proxy.ts';

/**
 * This spec's pages come from one visitor of its own, 198.51.100.7, through a reverse proxy: the
 * intake counts only a few page views per address and day (VITALS_COUNTED_PER_DAY), and every
 * other spec of the run comes from 127.0.0.1. A header set by Playwright would not do: beacons
 * leave without it.
 */
const test = base.extend({
  baseURL: async ({ baseURL }, use) => {
    const proxy = await startForwardingProxy(baseURL!, '198.51.100.7');
    await use(proxy.url);
    await proxy.close();
  },
});

/**
 * Field data (issue 17): a real visit in Chromium reports its Core Web Vitals by beacon when the
 * page goes away, under the app's own CSP, and admins read them.
 */

async function summaryRows(page: Page): Promise<WebVitalsSummary['windows'][number]['rows']> {
  const res = await page.request.get('/api/v1/vitals/summary', {
    headers: { authorization: `Bearer ${await adminToken(page.request)}` },
  });
  expect(res.status()).toBe(200);
  const summary = (await res.json()) as WebVitalsSummary;
  return summary.windows.find((w) => w.days === 7)?.rows ?? [];
}

/**
 * Opens `path`, waits for the reporter's code (it loads once the first screen is idle), then
 * leaves the page, which hides it: the beacon goes then.
 */
async function visitAndLeave(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const reporterLoaded = page.waitForResponse((res) =>
    /\/assets\/web-vitals-reporter-[\w-]+\.js$/.test(new URL(res.url()).pathname),
  );
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await ready(page);
  await reporterLoaded;
  await page.goto('/api/v1/health');
}

test('a visit reports its Web Vitals by beacon, as a route pattern, and admins read them', async ({
  page,
}) => {
  // Only this app is under test: video embeds and stills elsewhere are refused at once.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  // The reporter starts just after its code arrives: visit again until the beacon has landed.
  await expect
    .poll(
      async () => {
        await visitAndLeave(page, '/login', (p) =>
          expect(p.getByRole('button', { name: 'Entrar' })).toBeVisible(),
        );
        return (await summaryRows(page)).filter((row) => row.page === '/login');
      },
      { timeout: 45_000 },
    )
    .toContainEqual(expect.objectContaining({ page: '/login', device: 'desktop', metric: 'TTFB' }));
  const login = (await summaryRows(page)).filter((row) => row.page === '/login');
  for (const row of login) {
    expect(['LCP', 'INP', 'CLS', 'TTFB']).toContain(row.metric);
    expect(row.p75).toBeGreaterThanOrEqual(0);
  }

  // A page with an id in its URL is recorded by its pattern, never with the id.
  await signInAsAdmin(page);
  const trainings = await page.request.get('/api/v1/trainings/', {
    headers: { authorization: `Bearer ${await adminToken(page.request)}` },
  });
  const [training] = (await trainings.json()) as { id: number; title: string }[];
  expect(training, 'o seed de demonstração cria treinamentos').toBeDefined();
  await expect
    .poll(
      async () => {
        await visitAndLeave(page, `/professional/trainings/${training!.id}`, (p) =>
          expect(p.getByRole('heading', { name: training!.title })).toBeVisible(),
        );
        return (await summaryRows(page)).map((row) => row.page);
      },
      { timeout: 45_000 },
    )
    .toContain('/professional/trainings/:id');
  expect((await summaryRows(page)).map((row) => row.page).join(' ')).not.toMatch(/\d/);
  expect(violations).toEqual([]);

  // The admin page shows them.
  await page.goto('/admin/desempenho');
  await expect(page.getByRole('heading', { name: 'Desempenho' })).toBeVisible();
  // This visit's row: the exact pattern on a desktop (other specs' visits share the database).
  const loginRow = page
    .getByRole('row')
    .filter({ hasText: /^\/login/ })
    .filter({ hasText: 'Computador' });
  await expect(loginRow).toContainText('Computador');
  await expect(loginRow).toContainText(/Bom|Precisa melhorar|Ruim/);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: /^\/professional\/trainings\/:id/ })
      .filter({ hasText: 'Computador' }),
  ).toBeVisible();

  // Its rating badges stay readable in both color schemes.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await expect(loginRow).toBeVisible();
    expect(await seriousAxeViolations(page), colorScheme).toEqual([]);
  }
});
