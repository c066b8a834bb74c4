import createClient from 'openapi-fetch';
import type { paths } from './generated.ts';

/**
 * The Banco Central's standard API Pix (openapi.yaml beside this file, bacen/pix-api 2.9.0),
 * called through types generated from that document (generated.ts), never a vendor SDK: one
 * adapter for every institution that implements the standard. OAuth2 client credentials per
 * unit; the mTLS certificate belongs to the HTTPS agent of the deployment (README.md).
 */
export interface PixApiAccess {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
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

async function accessToken(access: PixApiAccess): Promise<string> {
  const key = `${access.tokenUrl}|${access.clientId}`;
  const cached = tokens.get(key);
  if (cached && cached.until > Date.now()) return cached.token;
  const res = await fetch(access.tokenUrl, {
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
  const client = createClient<paths>({ baseUrl: access.baseUrl.replace(/\/$/, '') });
  client.use({
    async onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${await accessToken(access)}`);
      return request;
    },
  });
  return client;
}
