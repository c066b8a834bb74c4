import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import createClient from 'openapi-fetch';
import { Agent } from 'undici';
import type { paths } from './generated.ts';

/**
 * The Banco Central's standard API Pix (openapi.yaml beside this file, bacen/pix-api 2.9.0),
 * called through types generated from that document (generated.ts), never a vendor SDK: one
 * adapter for every institution that implements the standard. OAuth2 client credentials per
 * unit, and the unit's mTLS client certificate on every connection, the token's included
 * (docs/decisions/0045-api-pix-mtls.md).
 */
export interface PixApiAccess {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The unit's client certificate and private key (PEM), when its institution asks for one. */
  mtls?: { certificate: string; privateKey: string } | null;
}

/** The document's scopes the adapter uses: due-date and immediate charges, Pix Automático. */
const TOKEN_SCOPES = [
  'cob.write',
  'cob.read',
  'cobv.write',
  'cobv.read',
  'pix.write',
  'pix.read',
  'payloadlocationrec.write',
  'rec.write',
  'rec.read',
  'cobr.write',
  'cobr.read',
].join(' ');

const tokens = new Map<string, { token: string; until: number }>();
const agents = new Map<string, Agent>();

/**
 * An institution's homologation server may use a private CA: `PIX_API_CA_FILE` names a PEM
 * trusted beside the usual roots (README.md). Read when an agent is made.
 */
function extraCa(): string[] | undefined {
  const file = process.env.PIX_API_CA_FILE;
  return file ? [...rootCertificates, readFileSync(file, 'utf8')] : undefined;
}

/** One connection pool per client certificate, presenting it on every TLS handshake. */
function dispatcherOf(access: PixApiAccess): Agent | undefined {
  const ca = extraCa();
  if (!access.mtls && !ca) return undefined;
  const key = crypto
    .createHash('sha256')
    .update(`${access.mtls?.certificate ?? ''}\n${access.mtls?.privateKey ?? ''}\n${ca ? 1 : 0}`)
    .digest('hex');
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({
      connect: {
        ...(access.mtls ? { cert: access.mtls.certificate, key: access.mtls.privateKey } : {}),
        ...(ca ? { ca } : {}),
      },
    });
    agents.set(key, agent);
  }
  return agent;
}

/**
 * How long one call to the institution may take. Calls are made outside any transaction, but a
 * client's page (her Pix Automático QR after accepting) and the jobs wait on them: an institution
 * that hangs must fail like one that is down, not hold them for undici's 5 minutes. Read per call
 * (`PIX_API_TIMEOUT_MS`, README.md), so a test can shorten it.
 */
function timeoutMs(): number {
  const value = Number(process.env.PIX_API_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : 10_000;
}

/** Node's fetch through the unit's agent (undici's `dispatcher`, outside the DOM's RequestInit). */
function fetchFor(access: PixApiAccess) {
  const dispatcher = dispatcherOf(access);
  return (input: Request | string, init?: RequestInit): Promise<Response> => {
    const bounded = { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs()) };
    return dispatcher
      ? fetch(input, { ...bounded, dispatcher } as RequestInit & { dispatcher: Agent })
      : fetch(input, bounded);
  };
}

async function accessToken(access: PixApiAccess): Promise<string> {
  const key = `${access.tokenUrl}|${access.clientId}`;
  const cached = tokens.get(key);
  if (cached && cached.until > Date.now()) return cached.token;
  const res = await fetchFor(access)(access.tokenUrl, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${access.clientId}:${access.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: TOKEN_SCOPES }).toString(),
  });
  if (!res.ok) throw new Error(`API Pix: token refused (${res.status})`);
  const body = (await res.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw new Error('API Pix: token answer without access_token');
  const seconds = Math.max(30, (body.expires_in ?? 300) - 30);
  tokens.set(key, { token: body.access_token, until: Date.now() + seconds * 1000 });
  return body.access_token;
}

/** A typed client of the unit's API Pix, its requests carrying a current bearer token. */
export function pixApiClient(access: PixApiAccess) {
  const send = fetchFor(access);
  const client = createClient<paths>({
    baseUrl: access.baseUrl.replace(/\/$/, ''),
    fetch: (request) => send(request),
  });
  client.use({
    async onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${await accessToken(access)}`);
      return request;
    },
  });
  return client;
}
