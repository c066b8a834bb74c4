import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { FRAMEWORK_MESSAGES } from './framework-errors.ts';

/** route-preloads.json, written by the web build (apps/web/vite.config.ts). */
const routePreloadsSchema = z.record(
  z.string(),
  z.object({ scripts: z.array(z.string()), styles: z.array(z.string()) }),
);

interface RoutePage {
  /** '/professional/trainings/:id' as segments; ':…' matches any one segment. */
  segments: string[];
  html: string;
}

/**
 * CSP sources for the inline scripts of the built index.html (the color scheme applied before
 * the first paint): each allowed by its SHA-256, so script-src needs no 'unsafe-inline'.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const file = path.join(webDist, 'index.html');
  if (!fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`,
  );
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * index.html with the code of one route linked in its head: the browser fetches the page's
 * chunks and styles while it parses the HTML, and the app's own preload (router.tsx) then finds
 * the scripts there instead of inserting some fifty links from JavaScript.
 */
function withPreloads(indexHtml: string, scripts: string[], styles: string[]): string {
  const links = [
    // Preloaded, not applied: a stylesheet link would hold the first paint (the boot splash)
    // until the page's CSS arrived; the app applies it when the page's code asks for it.
    ...styles.map(
      (href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`,
    ),
    ...scripts.map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
    ),
  ].join('');
  return indexHtml.replace('</head>', `${links}</head>`);
}

function loadRoutePages(webDist: string, indexHtml: string): RoutePage[] {
  const file = path.join(webDist, 'route-preloads.json');
  if (!fs.existsSync(file)) return [];
  const preloads = routePreloadsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  return Object.entries(preloads).map(([pattern, { scripts, styles }]) => ({
    segments: pattern.split('/').filter(Boolean),
    html: withPreloads(indexHtml, scripts, styles),
  }));
}

function matchRoutePage(pages: RoutePage[], url: string): RoutePage | undefined {
  const segments = (url.split('?')[0] ?? '').split('/').filter(Boolean);
  return pages.find(
    (page) =>
      page.segments.length === segments.length &&
      page.segments.every((part, i) => part.startsWith(':') || part === segments[i]),
  );
}

/**
 * Security headers that only a document reads (its CSP, framing, opener and origin policies):
 * a script or a stylesheet never applies them. Sent with each of the seventy-odd scripts of a
 * first screen they were about 800 of the 1 200 bytes of every response's headers, which a phone
 * pays in transfer time before the page can draw (docs/decisions/0025-first-screen-requests.md).
 * nosniff, CORP and HSTS stay: a browser does apply them to scripts and styles.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** A hashed script or stylesheet of the build: never a document, whatever the browser is asked. */
const isScriptOrStyle = (filePath: string) => /\.(m?js|css)(\.(gz|br))?$/.test(filePath);

/** The built SPA: hashed assets cached for a year, index.html for every other page. */
export function serveWebApp(
  app: FastifyInstance,
  webDist: string,
  /** The methods the API answers on a URL's path (a 405 instead of a 404 when there are some). */
  allowedMethods: (url: string) => string[] = () => [],
): void {
  const indexPath = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  const routePages = hasWeb ? loadRoutePages(webDist, fs.readFileSync(indexPath, 'utf8')) : [];
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (hashed && isScriptOrStyle(filePath)) {
          // helmet wrote them on the raw response, before this reply existed.
          for (const name of DOCUMENT_ONLY_HEADERS) res.raw.removeHeader(name);
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (isPage && hasWeb) {
      reply.header('cache-control', 'no-cache');
      const page = matchRoutePage(routePages, request.url);
      if (page) return reply.type('text/html; charset=utf-8').send(page.html);
      return reply.sendFile('index.html');
    }
    // A known address asked with a method it does not answer: 405 and the methods it does.
    const allowed = allowedMethods(request.url);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ detail: FRAMEWORK_MESSAGES.methodNotAllowed });
    }
    return reply.status(404).send({ detail: 'Não encontrado.' });
  });
}
