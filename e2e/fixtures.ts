import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env.ts';

export { E2E_ADMIN };

export interface E2EUser {
  id: number;
  name: string;
  email: string;
  password: string;
  profile: 'admin' | 'manager' | 'professional';
}

interface LoginAnswer {
  access_token: string;
  user: { id: number; name: string; profile: string };
}

/** Signs in through the API and returns the token (no UI): for test setup only. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<LoginAnswer> {
  const res = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as LoginAnswer;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  return (await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password)).access_token;
}

/** Creates an active user of the given profile through the admin API, with a unique email. */
export async function createUser(
  request: APIRequestContext,
  profile: E2EUser['profile'],
  name = `Usuário ${profile} ${crypto.randomBytes(3).toString('hex')}`,
  unit = 'PAULISTA',
): Promise<E2EUser> {
  const token = await adminToken(request);
  const email = `${profile}.${crypto.randomBytes(4).toString('hex')}@teste.com.br`;
  const password = 'Senha-e2e-123';
  const res = await request.post('/api/v1/users/', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, email, password, profile, status: 'active', unit },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: number };
  return { id: body.id, name, email, password, profile };
}

/**
 * Puts a signed-in session in the browser the way the app stores it (localStorage 'token' and
 * 'user'), so a test starts on the page it is about instead of the sign-in form.
 */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  const answer = await apiLogin(page.request, email, password);
  await page.goto('/login');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: answer.access_token, user: answer.user },
  );
}

export async function signInAsAdmin(page: Page): Promise<void> {
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
}

/** A fresh professional signed in on the page; returns the user. */
export async function signInAsNewUser(
  page: Page,
  profile: E2EUser['profile'] = 'professional',
): Promise<E2EUser> {
  const user = await createUser(page.request, profile);
  await signInAs(page, user.email, user.password);
  return user;
}

export function uniqueName(prefix: string): string {
  return `${prefix} ${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
}

/** The demo seed's 'Pacote Rejuvenescimento 4' and 'Microagulhamento', which the e2e proposals use. */
export async function demoCatalogue(
  request: APIRequestContext,
  token: string,
): Promise<{ pkg: { id: number; name: string }; microneedling: { id: number; name: string } }> {
  const headers = { authorization: `Bearer ${token}` };
  const packages = (await (await request.get('/api/v1/packages/', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const services = (await (await request.get('/api/v1/services/', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const pkg = packages.find((p) => p.name.startsWith('Pacote Rejuvenescimento 4'));
  const microneedling = services.find((s) => s.name === 'Microagulhamento');
  if (!pkg || !microneedling) throw new Error('The demo seed changed');
  return { pkg, microneedling };
}

export interface SavedProposal {
  id: number;
  number: string;
}

/**
 * Test setup through the API, as the builder would save it: a new client named `clientName` and
 * a proposal of the demo's 'Pacote Rejuvenescimento 4' with Microagulhamento `sessions` times in
 * block A.
 */
export async function saveDemoProposal(
  request: APIRequestContext,
  token: string,
  clientName: string,
  sessions: number,
): Promise<SavedProposal> {
  const headers = { authorization: `Bearer ${token}` };
  const client = await request.post('/api/v1/clients/', {
    headers,
    data: { full_name: clientName },
  });
  expect(client.status(), await client.text()).toBe(201);
  const { pkg, microneedling } = await demoCatalogue(request, token);
  const proposal = await request.post('/api/v1/proposals/', {
    headers,
    data: {
      client_id: ((await client.json()) as { id: number }).id,
      package_id: pkg.id,
      blocks: { A: Array.from({ length: sessions }, () => microneedling.id) },
    },
  });
  expect(proposal.status(), await proposal.text()).toBe(201);
  return (await proposal.json()) as SavedProposal;
}
