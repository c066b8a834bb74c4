import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteTableEntry } from '../../src/app.ts';
import { propertyRuns } from '../../../../vitest.fast-check.ts';
import { disagreement, type OpenApiOperation } from '../helpers/openapi.ts';
import { createTestApp } from '../helpers/test-app.ts';
import {
  createDatabaseDigest,
  createSecurityFixtures,
  isFastApiError,
  leaksInternals,
  routeKey,
} from './fixtures.ts';

/**
 * Property-based fuzzing of every route, as an admin (the widest access): malformed bodies,
 * queries and path parameters. Properties: never a 5xx; every answer of an API route agrees with
 * the OpenAPI document (status, media type, schema: test/helpers/openapi.ts); every 4xx is
 * FastAPI-shaped, JSON, and free of stack traces or SQL; and a 4xx leaves every table exactly as
 * it was.
 *
 * Runs per route: FUZZ_RUNS (default 25, about a minute for the file on a busy 2-core machine),
 * 40 times more under `npm run test:fuzz`. The seed is vitest.fast-check.ts's: fixed in `npm test`
 * and CI, random and printed under `npm run test:fuzz`. Replay a failure: FC_SEED = the seed
 * fast-check printed, with the same FUZZ_RUNS.
 */
const RUNS = propertyRuns(Number(process.env.FUZZ_RUNS ?? 25));

const t = await createTestApp();
const f = await createSecurityFixtures(t);
const digest = await createDatabaseDigest(t.database);
const adminToken = f.users.admin.token;

interface JsonBody {
  content?: Record<string, { schema?: JsonSchema }>;
}
interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}
const openApi = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
  paths: Record<string, Record<string, OpenApiOperation & { requestBody?: JsonBody }>>;
};

/** The route's operation in the document (undefined for the docs and the HTML pages). */
function operationOf(route: RouteTableEntry) {
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  return openApi.paths[path]?.[route.method.toLowerCase()];
}

/** The body fields and query names the OpenAPI document lists for a route (nested one level). */
function knownFields(route: RouteTableEntry) {
  const operation = operationOf(route);
  const schema = operation?.requestBody?.content?.['application/json']?.schema;
  const body = Object.entries(schema?.properties ?? {}).map(([name, prop]) => ({
    name,
    nested: Object.keys(prop.properties ?? prop.items?.properties ?? {}),
  }));
  const query = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  return { body, query };
}

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

/** Placeholders swapped for JSON text no JS value serialises to (1e999 parses as Infinity). */
const RAW_TOKENS: Record<string, string> = {
  '"\u0001INF\u0001"': '1e999',
  '"\u0001NINF\u0001"': '-1e999',
  '"\u0001NEGZERO\u0001"': '-0',
  '"\u0001BIGINT\u0001"': '123456789012345678901234567890',
};
const rawToken = fc.constantFrom(
  '\u0001INF\u0001',
  '\u0001NINF\u0001',
  '\u0001NEGZERO\u0001',
  '\u0001BIGINT\u0001',
);

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Etxt.exe',
  '\u200F\u200E\u202B',
  '\u200B\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  '$1',
  '%',
  '_',
  '\\',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '%00',
  '%s%s%s%n',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'R$ 1.500,00',
  '2026-02-30T25:61:00Z',
  '0000-00-00',
  'https://www.youtube.com/watch?v=\u0000',
  'A'.repeat(10_000),
  'é'.repeat(5_000),
  '🙂'.repeat(3_000),
];
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 5 }).map((s) => s.repeat(20_000)) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    0.5,
    -0.01,
    1.005,
    1e308,
    -1e308,
    2147483648,
    -2147483649,
    99999999999,
    Number.MAX_SAFE_INTEGER + 2,
    1e-300,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  rawToken,
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileString },
    { weight: 4, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.oneof(hostileString, fc.constantFrom('id', 'name', 'a')),
        tie('value'),
        {
          maxKeys: 4,
        },
      ),
    },
  ),
})).value;

/** A JSON document text: RAW_TOKENS swapped in after serialising. */
function toJsonText(value: unknown): string {
  let text = JSON.stringify(value) ?? 'null';
  for (const [placeholder, raw] of Object.entries(RAW_TOKENS))
    text = text.split(placeholder).join(raw);
  return text;
}

/** encodeURIComponent that survives lone surrogates (they become U+FFFD, as a browser sends). */
const encode = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\uFFFD'));

/** Prepends keys that would pollute prototypes if a parser or merge honoured them. */
const withPollutionKeys = (objectText: string) => {
  const inner = objectText.startsWith('{') && objectText !== '{}' ? `,${objectText.slice(1)}` : '}';
  return `{"__proto__":{"isAdmin":true,"profile":"admin"},"constructor":{"prototype":{"polluted":1}}${inner}`;
};

const deepNesting = fc
  .integer({ min: 100, max: 20_000 })
  .chain((depth) =>
    fc.constantFrom(
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
      `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    ),
  );

const brokenJson = fc.constantFrom(
  '{',
  '{"name":',
  '{"name": "x",}',
  "{'name': 'x'}",
  '{"name": NaN}',
  '{"name": undefined}',
  '\u0000',
  '',
  '[',
  'nul',
  '{"a":1}{"b":2}',
  '\uFEFF{"name":"x"}',
);

interface FuzzRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  payload: string | undefined;
  label: string;
}

/** Path parameters: the fixture's row, or something no id should be. */
function paramArb(route: RouteTableEntry, validUrl: string): fc.Arbitrary<string> {
  const params = route.url.match(/:\w+/g) ?? [];
  if (!params.length) return fc.constant(validUrl);
  const hostileId = fc
    .oneof(
      fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '1e3',
        '0x10',
        '99999999999',
        '2147483648',
        ' 2',
        'NaN',
        'null',
        "1' OR '1'='1",
        '%00',
        '٣',
        'ｱ',
      ),
      fc.integer().map(String),
      hostileString.filter((s) => s.length > 0 && s.length < 300),
    )
    // Never the fuzzing admin: a password change there would sign the fuzzer out.
    .filter((id) => Number(id) !== f.users.admin.id);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(validUrl) },
    {
      weight: 2,
      arbitrary: fc
        .array(hostileId, { minLength: params.length, maxLength: params.length })
        .map((ids) => {
          let url = route.url;
          params.forEach((param, i) => (url = url.replace(param, encode(ids[i] ?? ''))));
          return url;
        }),
    },
  );
}

function queryArb(names: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: names.length ? fc.constantFrom(...names) : fc.constant('q') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor[prototype][x]',
        'a[b]',
        'order',
        'limit',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  const value = fc.oneof(
    hostileString.map(encode),
    hostileNumber.map((n) => encode(String(n))),
    // Unencoded, sometimes invalid percent-encoding.
    fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', "'--", 'a&b=c', '1;2'),
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${v}`).join('&'));
}

function bodyArb(route: RouteTableEntry): fc.Arbitrary<{ text: string; label: string }> {
  const { body: fields } = knownFields(route);
  const sample = f.sampleBody(route);
  const sampleObject =
    sample && typeof sample === 'object' && !Array.isArray(sample)
      ? (sample as Record<string, unknown>)
      : {};
  const fieldNames = fields.map((field) => field.name);
  const json = (label: string) => (value: unknown) => ({ text: toJsonText(value), label });

  // A valid body with one field (or one nested field) made hostile: reaches deepest.
  const oneFieldOff = fieldNames.length
    ? fc
        .tuple(fc.constantFrom(...fields), hostileValue, fc.boolean())
        .map(([field, value, nested]) => {
          const nestedName = nested ? field.nested[0] : undefined;
          const replaced = nestedName
            ? { [field.name]: { ...(sampleObject[field.name] as object), [nestedName]: value } }
            : { [field.name]: value };
          return { ...sampleObject, ...replaced };
        })
        .map(json('one field hostile'))
    : fc.constant({ text: toJsonText(sampleObject), label: 'sample' });
  const allFields = fc
    .record(Object.fromEntries(fieldNames.map((name) => [name, hostileValue])), {
      requiredKeys: [],
    })
    .map(json('every field hostile'));
  return fc.oneof(
    { weight: 5, arbitrary: oneFieldOff },
    { weight: 3, arbitrary: allFields },
    { weight: 2, arbitrary: hostileValue.map(json('any JSON')) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }).map(json('anything')) },
    {
      weight: 1,
      arbitrary: fc
        .constant(sampleObject)
        .map((o) => ({ text: withPollutionKeys(toJsonText(o)), label: 'prototype keys' })),
    },
    { weight: 1, arbitrary: deepNesting.map((text) => ({ text, label: 'deep nesting' })) },
    { weight: 1, arbitrary: brokenJson.map((text) => ({ text, label: 'broken JSON' })) },
  );
}

function requestArb(route: RouteTableEntry, validUrl: string): fc.Arbitrary<FuzzRequest> {
  const { query } = knownFields(route);
  const hasBody = route.method !== 'GET';
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        undefined,
      ),
    },
  );
  return fc
    .record({
      path: paramArb(route, validUrl),
      query: fc.option(queryArb(query), { freq: 2 }),
      body: hasBody ? fc.option(bodyArb(route), { freq: 8 }) : fc.constant(null),
      contentType,
    })
    .map(({ path, query: q, body, contentType: type }) => {
      const url = q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path;
      return {
        method: route.method,
        url,
        contentType: body ? type : undefined,
        payload: body?.text,
        label: body?.label ?? 'no body',
      };
    });
}

// ---------------------------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------------------------

const ROUTES = [...t.app.routeTable].sort(
  // Deleting last, so the other routes keep meeting the fixtures' rows.
  (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
);
let lastDigest = await digest();

afterAll(() => t.close());

describe(`fuzzing every route (${RUNS} runs each)`, () => {
  it('covers every registered route', () => {
    expect(ROUTES.length).toBeGreaterThan(40);
  });

  for (const route of ROUTES) {
    it(
      `${routeKey(route)} never answers 5xx, and a 4xx is clean and changes nothing`,
      async () => {
        const validUrl = await f.urlFor(route);
        // Filling the URL may write fixture rows (the image route re-uploads a photo a PUT run
        // cleared): that write is the test's setup, not something the request under test did.
        lastDigest = await digest();
        await fc.assert(
          fc.asyncProperty(requestArb(route, validUrl), async (request) => {
            const res = await t.app.inject({
              method: request.method as 'POST',
              url: request.url,
              headers: {
                authorization: `Bearer ${adminToken}`,
                ...(request.contentType ? { 'content-type': request.contentType } : {}),
              },
              ...(request.payload !== undefined ? { payload: request.payload } : {}),
            });
            const shown = `${request.method} ${request.url.slice(0, 200)} [${request.label}] ${String(request.payload).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
            const after = await digest();
            const before = lastDigest;
            lastDigest = after;
            if (res.statusCode >= 500) throw new Error(`5xx: ${shown}`);
            // Every answer of an API route is one the OpenAPI document describes.
            const operation = operationOf(route);
            const problem = operation && disagreement(operation, res);
            if (problem) throw new Error(`fora do documento OpenAPI (${problem}): ${shown}`);
            if (res.statusCode < 400) return;
            // Pages outside /api (the public proposal page) answer their own refusals as HTML;
            // what the framework refuses before them (a body that is not a form) stays JSON.
            const isHtmlPage =
              !route.url.startsWith('/api/') &&
              String(res.headers['content-type']).includes('text/html');
            if (!isHtmlPage) {
              if (!String(res.headers['content-type']).includes('application/json')) {
                throw new Error(`4xx sem JSON: ${shown}`);
              }
              if (!isFastApiError(JSON.parse(res.body) as unknown))
                throw new Error(`4xx fora do formato: ${shown}`);
            }
            const leak = leaksInternals(res.body);
            if (leak) throw new Error(`4xx vaza ${leak}: ${shown}`);
            if (after !== before) throw new Error(`4xx alterou o banco: ${shown}`);
          }),
          { numRuns: RUNS },
        );
      },
      60_000 + RUNS * 2_000,
    );
  }
});
