import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteTableEntry } from '../src/app.ts';
import { BODY_LIMIT_BYTES } from '../src/http/limits.ts';
import { FRAMEWORK_MESSAGES, clientErrorHandler } from '../src/http/framework-errors.ts';
import { propertyRuns } from '../../../vitest.fast-check.ts';
import {
  ajv,
  disagreement,
  validatorFor,
  type OpenApiDocument,
  type OpenApiOperation,
} from './helpers/openapi.ts';
import { createTestApp } from './helpers/test-app.ts';
import { createSecurityFixtures, routeKey } from './security/fixtures.ts';

/**
 * The OpenAPI document at /api/docs/json is a contract clients generate code from, so it must say
 * exactly what the server does (docs/decisions/0010-openapi-exact.md). Driven by the route table,
 * so a route added anywhere is checked without touching this file:
 *
 * - every registered route is documented, and every documented operation is registered;
 * - every operation is called as admin, professional and anonymous, with its valid sample
 *   (test/security/fixtures.ts) and with invalid paths, queries and bodies (fast-check; the seed
 *   is vitest.fast-check.ts's, the long runs are `npm run test:fuzz`), and each answer must have
 *   a status the operation documents, a declared media type (none for 204/304), and a body that
 *   validates against the declared schema (Ajv, OpenAPI 3.0 `nullable` included).
 */
/** Over the JSON body limit (the photo route's is larger: there it is a 422). */
const TOO_LARGE = `{"a":"${'x'.repeat(BODY_LIMIT_BYTES)}"}`;
const RUNS = propertyRuns(Number(process.env.OPENAPI_RUNS ?? 6));

const t = await createTestApp();
const f = await createSecurityFixtures(t);
afterAll(() => t.close());

const docResponse = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
const doc = docResponse.json() as OpenApiDocument;

/** Routes that are not part of the API contract: the document itself and its UI. */
const isDocsRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
/**
 * Server-rendered HTML pages outside /api (the public proposal page, a browser's form posts):
 * not an API a client generates code for, so left out of the document on purpose.
 */
const isHtmlPage = (url: string) => !url.startsWith('/api/');

const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operationOf = (route: Pick<RouteTableEntry, 'method' | 'url'>) =>
  doc.paths[docPath(route.url)]?.[route.method.toLowerCase()];

const API_ROUTES = t.app.routeTable.filter((r) => !isDocsRoute(r.url) && !isHtmlPage(r.url));

type Caller = 'admin' | 'professional' | 'anonymous';
const tokenOf = (caller: Caller) =>
  caller === 'anonymous' ? undefined : f.users[caller === 'admin' ? 'admin' : 'professional'].token;

interface Call {
  caller: Caller;
  method: string;
  url: string;
  contentType?: string;
  payload?: string;
  ifNoneMatch?: string;
  label: string;
}

async function callAndCheck(route: RouteTableEntry, call: Call): Promise<void> {
  const operation = operationOf(route);
  if (!operation) throw new Error(`${routeKey(route)} não está no documento`);
  const token = tokenOf(call.caller);
  const res = await t.app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(call.contentType ? { 'content-type': call.contentType } : {}),
      ...(call.ifNoneMatch ? { 'if-none-match': call.ifNoneMatch } : {}),
    },
    ...(call.payload !== undefined ? { payload: call.payload } : {}),
  });
  const problem = disagreement(operation, res);
  if (problem) {
    throw new Error(
      `${routeKey(route)} [${call.caller}, ${call.label}] ${call.method} ${call.url.slice(0, 120)} ` +
        `${String(call.payload).slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 200)}: ${problem}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Invalid inputs
// ---------------------------------------------------------------------------------------------

const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u200B',
    'a\u0000b',
    '-1',
    '1,999',
    'R$ 1.234,567',
    '🙂',
    'x'.repeat(5000),
  ),
  fc.string({ maxLength: 20 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(-1, 0, 0.001, 1e308, 2147483648, 1.005, true, null, [], {}),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

function bodyFields(operation: OpenApiOperation | undefined): string[] {
  const schema = operation?.requestBody?.content?.['application/json']?.schema as
    { properties?: Record<string, unknown> } | undefined;
  return Object.keys(schema?.properties ?? {});
}

function invalidCall(route: RouteTableEntry, validUrl: string): fc.Arbitrary<Call> {
  const operation = operationOf(route);
  const fields = bodyFields(operation);
  const queryNames = (operation?.parameters ?? [])
    .filter((p) => p.in === 'query')
    .map((p) => p.name);
  const sample = f.sampleBody(route);
  const sampleObject =
    sample && typeof sample === 'object' && !Array.isArray(sample)
      ? (sample as Record<string, unknown>)
      : {};
  const params = route.url.match(/:\w+/g) ?? [];
  const path = params.length
    ? fc.oneof(
        fc.constant(validUrl),
        fc
          .array(fc.oneof(fc.constantFrom('0', '-1', '1.5', 'abc', '99999999999'), hostileString), {
            minLength: params.length,
            maxLength: params.length,
          })
          .map((ids) =>
            params.reduce(
              (url, param, i) => url.replace(param, encodeURIComponent(ids[i] || 'x')),
              route.url,
            ),
          ),
      )
    : fc.constant(validUrl);
  const query = fc.option(
    fc
      .array(
        fc.tuple(
          queryNames.length ? fc.constantFrom(...queryNames) : fc.constant('q'),
          hostileString.map((v) => encodeURIComponent(v.replace(/\p{Cs}/gu, ''))),
        ),
        { minLength: 1, maxLength: 3 },
      )
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
    { freq: 2 },
  );
  const body =
    route.method === 'GET'
      ? fc.constant(undefined)
      : fc.oneof(
          fields.length
            ? fc
                .tuple(fc.constantFrom(...fields), hostileValue)
                .map(([field, value]) => JSON.stringify({ ...sampleObject, [field]: value }))
            : fc.constant(JSON.stringify(sampleObject)),
          fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
          fc.constantFrom('{', '', 'null', '[]'),
        );
  return fc
    .record({
      caller: fc.constantFrom<Caller>('admin', 'professional', 'anonymous'),
      path,
      query,
      body,
    })
    .map(({ caller, path: p, query: q, body: b }) => ({
      caller,
      method: route.method,
      url: q ? `${p}${p.includes('?') ? '&' : '?'}${q}` : p,
      ...(b !== undefined ? { contentType: 'application/json', payload: b } : {}),
      label: 'entrada inválida',
    }));
}

// ---------------------------------------------------------------------------------------------
// The document lists the server's routes
// ---------------------------------------------------------------------------------------------

describe('the conformance check', () => {
  const operation: OpenApiOperation = {
    responses: {
      '200': {
        content: {
          'application/json': {
            schema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
          },
        },
      },
      '204': {},
    },
  };
  const answer = (statusCode: number, contentType: string, body: string) => ({
    statusCode,
    headers: { 'content-type': contentType },
    rawPayload: Buffer.from(body),
  });

  it('accepts an answer the document describes', () => {
    expect(
      disagreement(operation, answer(200, 'application/json; charset=utf-8', '{"id":1}')),
    ).toBe(undefined);
    expect(disagreement(operation, answer(204, '', ''))).toBe(undefined);
  });

  it('refuses an undocumented status, another media type, a body off the schema', () => {
    expect(disagreement(operation, answer(409, 'application/json', '{"detail":"x"}'))).toMatch(
      /status 409/,
    );
    expect(disagreement(operation, answer(200, 'application/pdf', '%PDF'))).toMatch(/content-type/);
    expect(disagreement(operation, answer(200, 'application/json', '{"id":"1"}'))).toMatch(
      /esquema/,
    );
    expect(disagreement(operation, answer(204, 'application/json', 'null'))).toMatch(
      /sem conteúdo/,
    );
  });
});

describe('the OpenAPI document lists exactly the registered routes', () => {
  it('is served as JSON, OpenAPI 3', () => {
    expect(docResponse.statusCode).toBe(200);
    expect(String(docResponse.headers['content-type'])).toContain('application/json');
    expect(doc.security).toEqual([{ bearer: [] }]);
  });

  it('documents every registered API route', () => {
    const missing = API_ROUTES.filter((route) => !operationOf(route)).map(routeKey);
    expect(missing).toEqual([]);
  });

  it('documents no operation the server does not answer', () => {
    const registered = new Set(API_ROUTES.map((r) => `${r.method} ${docPath(r.url)}`));
    const extra = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .map((method) => `${method.toUpperCase()} ${path}`)
        .filter((key) => !registered.has(key)),
    );
    expect(extra).toEqual([]);
  });

  it('marks exactly the public routes as needing no token', () => {
    const wrong = API_ROUTES.filter((route) => {
      const isPublic = operationOf(route)?.security?.length === 0;
      return isPublic !== (route.access === 'public');
    }).map(routeKey);
    expect(wrong).toEqual([]);
  });

  it('declares the shared error answers of every route', () => {
    const missing = API_ROUTES.flatMap((route) => {
      const responses = operationOf(route)?.responses ?? {};
      const expected = ['400', '408', '431'];
      if (route.access !== 'public') expected.push('401', '403');
      if (route.url.includes(':')) expected.push('404', '414');
      if (route.method !== 'GET') expected.push('413', '415');
      return expected.filter((s) => !(s in responses)).map((s) => `${routeKey(route)} ${s}`);
    });
    expect(missing).toEqual([]);
  });

  it('declares 204 answers without content', () => {
    const withContent = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.responses['204']?.content !== undefined)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withContent).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Every answer agrees with the document
// ---------------------------------------------------------------------------------------------

// Deleting last, so the other routes keep meeting the fixtures' rows.
const ROUTES = [...API_ROUTES].sort(
  (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
);
const CALLERS: Caller[] = ['admin', 'professional', 'anonymous'];

describe(`every answer agrees with the OpenAPI document (${RUNS} invalid runs each)`, () => {
  for (const route of ROUTES) {
    it(`${routeKey(route)}`, async () => {
      const hasBody = route.method !== 'GET';
      // The valid request as each caller (a fresh row per DELETE, so each reaches the handler).
      // The valid sample must be valid by the document too (a document stricter than the server
      // would make a client refuse what the server takes).
      const requestSchema = operationOf(route)?.requestBody?.content?.['application/json']?.schema;
      const sampleBody = f.sampleBody(route);
      if (requestSchema && sampleBody !== undefined) {
        const validate = validatorFor(requestSchema);
        expect(validate(sampleBody), ajv.errorsText(validate.errors)).toBe(true);
      }
      for (const caller of CALLERS) {
        const url = await f.urlFor(route, { freshRows: route.method === 'DELETE' });
        const sample = f.sampleBody(route);
        await callAndCheck(route, {
          caller,
          method: route.method,
          url,
          ...(sample !== undefined
            ? { contentType: 'application/json', payload: JSON.stringify(sample) }
            : {}),
          label: 'válida',
        });
      }
      const validUrl = await f.urlFor(route);
      // Conditional GET: an answer with an entity tag comes back as a 304 when asked with it, and
      // the document declares 304 exactly for the routes that tag their answers.
      if (route.method === 'GET') {
        const first = await t.app.inject({
          method: 'GET',
          url: validUrl,
          headers: { authorization: `Bearer ${f.users.admin.token}` },
        });
        const etag = first.headers.etag;
        const declares304 = '304' in (operationOf(route)?.responses ?? {});
        if (first.statusCode === 200) {
          expect(declares304, `${routeKey(route)}: ETag ${String(etag)} e 304 declarado`).toBe(
            etag !== undefined,
          );
        }
        if (etag !== undefined) {
          await callAndCheck(route, {
            caller: 'admin',
            method: 'GET',
            url: validUrl,
            ifNoneMatch: String(etag),
            label: 'If-None-Match',
          });
        }
      }
      // What every route of its shape can meet: a broken URL, an over-long parameter, a body of
      // the wrong type, too large, or not JSON.
      const edges: Call[] = [
        {
          caller: 'admin',
          method: route.method,
          url: `${validUrl}?%zz=1`,
          label: 'URL malformada',
        },
      ];
      if (route.url.includes(':')) {
        const long = route.url.replace(/:\w+/g, '9'.repeat(300));
        edges.push({ caller: 'admin', method: route.method, url: long, label: 'parâmetro longo' });
      }
      if (hasBody) {
        edges.push(
          {
            caller: 'admin',
            method: route.method,
            url: validUrl,
            contentType: 'text/plain',
            payload: 'x',
            label: 'texto',
          },
          {
            caller: 'admin',
            method: route.method,
            url: validUrl,
            contentType: 'application/json',
            payload: '{"a":',
            label: 'JSON quebrado',
          },
          {
            caller: 'admin',
            method: route.method,
            url: validUrl,
            contentType: 'application/json',
            payload: TOO_LARGE,
            label: 'grande demais',
          },
        );
      }
      for (const edge of edges) await callAndCheck(route, edge);
      await fc.assert(
        fc.asyncProperty(invalidCall(route, validUrl), (call) => callAndCheck(route, call)),
        { numRuns: RUNS },
      );
    });
  }
});

// ---------------------------------------------------------------------------------------------
// What Node's parser answers before any route (decision 0038)
// ---------------------------------------------------------------------------------------------

/** Node's default maxHeaderSize is 16 KiB: one header of 20 000 bytes outgrows it. */
const OVERSIZED_HEADER = `x-grande: ${'x'.repeat(20_000)}`;

/** One raw HTTP/1.1 exchange, read to the server's close, as a client on the network sees it. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server closes after its refusal, sometimes before reading all it was sent.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(Buffer.concat(chunks).toString()) : reject(error),
    );
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
  });
}

/** The status, headers and body of a raw answer, in the shape disagreement() reads. */
function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return {
    statusCode: Number(statusLine.split(' ')[1]),
    headers,
    rawPayload: Buffer.from(body),
    body,
  };
}

describe('answers Node gives before any route are the document’s', () => {
  it('answers headers too large with the declared 431 and a pt-BR body, on every route', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const problems: string[] = [];
    for (const route of API_ROUTES) {
      const url = `/api/v1${route.url.replace(/^\/api\/v1/, '').replace(/:\w+/g, '1')}`;
      const raw = await rawExchange(
        port,
        `${route.method} ${url} HTTP/1.1\r\nHost: localhost\r\n${OVERSIZED_HEADER}\r\n\r\n`,
      );
      const answer = parseAnswer(raw);
      if (answer.statusCode !== 431) {
        problems.push(`${routeKey(route)}: ${answer.statusCode}`);
        continue;
      }
      const problem = disagreement(operationOf(route)!, answer);
      if (problem) problems.push(`${routeKey(route)}: ${problem}`);
      else if (JSON.parse(answer.body).detail !== FRAMEWORK_MESSAGES.headersTooLarge) {
        problems.push(`${routeKey(route)}: ${answer.body}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers headers that never finish with the declared 408 and a pt-BR body', () => {
    // Node waits headersTimeout (60 s) before this: the handler is called as Node calls it.
    let written = '';
    const socket = {
      destroyed: false,
      writable: true,
      write: (text: string) => (written += text),
      destroy: () => undefined,
    } as unknown as Socket;
    clientErrorHandler(
      Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
      socket,
    );
    const answer = parseAnswer(written);
    expect(answer.statusCode).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ detail: FRAMEWORK_MESSAGES.timeout });
    const problems = API_ROUTES.map((route) => disagreement(operationOf(route)!, answer)).filter(
      Boolean,
    );
    expect(problems).toEqual([]);
  });
});
