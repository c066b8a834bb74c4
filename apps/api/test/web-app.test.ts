import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const INLINE_SCRIPT = "document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');";
const INDEX_HTML = `<!doctype html><html><head><script>${INLINE_SCRIPT}</script><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;

describe('the web app pages', () => {
  let web: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    // A script long enough to be sent compressed, with its compressed copy beside it.
    const script = `export const screen = '${'tela '.repeat(400)}';`;
    fs.writeFileSync(path.join(webDist, 'assets', 'index-1.js'), script);
    fs.writeFileSync(path.join(webDist, 'assets', 'index-1.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(webDist, 'assets', 'builder-page-1.css'), 'h1 { color: red; }');
    fs.writeFileSync(
      path.join(webDist, 'assets', 'logo-1.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    fs.writeFileSync(
      path.join(webDist, 'route-preloads.json'),
      JSON.stringify({
        '/montar-pacote': {
          scripts: ['/assets/professional-layout-1.js', '/assets/builder-page-1.js'],
          styles: ['/assets/builder-page-1.css'],
        },
        '/professional/trainings/:id': {
          scripts: ['/assets/training-detail-page-1.js'],
          styles: [],
        },
      }),
    );
    web = await createTestApp({
      config: { ...loadConfig({ JWT_SECRET: 'x'.repeat(40) }), webDist },
    });
  });

  afterAll(async () => {
    await web.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("links a route's code in its HTML so the browser fetches it while parsing", async () => {
    const res = await web.app.inject({ method: 'GET', url: '/montar-pacote' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/builder-page-1.css">',
    );
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/professional-layout-1.js">',
    );
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/builder-page-1.js">',
    );
  });

  it("allows the page's inline script by its hash, and no other inline script", async () => {
    const res = await web.app.inject({ method: 'GET', url: '/login' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'script-src');
    const hash = crypto.createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(scriptSrc).toEqual(['script-src', "'self'", `'sha256-${hash}'`]);
  });

  it('matches a parameter segment and ignores the query string', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/professional/trainings/42?aba=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('href="/assets/training-detail-page-1.js"');
    expect(res.body).not.toContain('builder-page-1');
  });

  it('answers any other page with the plain index', async () => {
    for (const url of ['/', '/login', '/professional/trainings', '/pagina/que/nao/existe']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('sends scripts and styles without the headers only a document reads, cached for a year', async () => {
    for (const [url, encoding] of [
      ['/assets/index-1.js', 'gzip'],
      ['/assets/index-1.js', 'identity'],
      ['/assets/builder-page-1.css', 'gzip'],
    ] as const) {
      const res = await web.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
      ]) {
        expect(res.headers[name], `${url} ${encoding} ${name}`).toBeUndefined();
      }
      // What a browser does apply to a script or a style stays.
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toBeDefined();
    }
  });

  it('keeps the document headers on anything a browser could open as a page', async () => {
    for (const url of ['/login', '/assets/logo-1.svg', '/api/v1/health']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});
