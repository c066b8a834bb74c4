import type { Profile, Unit, User } from '@portal/domain';
import {
  api,
  ApiError,
  errorMessage,
  extractAccessToken,
  isUser,
  NO_TOKEN_MESSAGE,
} from '../../lib/api-client';

export interface Credentials {
  email: string;
  password: string;
}

export interface SignedIn {
  token: string;
  user: User;
}

/**
 * POST /auth/login. The token may come under several names; when the answer has no user, it is
 * read from /auth/me with the new token (SPEC 7: "a token and possibly user").
 */
export async function login(credentials: Credentials): Promise<SignedIn> {
  const body = await api.post<unknown>('/api/v1/auth/login', credentials, {
    skipAuthRedirect: true,
  });
  const token = extractAccessToken(body);
  if (!token) throw new Error(NO_TOKEN_MESSAGE);
  const embedded = typeof body === 'object' && body !== null && 'user' in body ? body.user : null;
  const user = isUser(embedded)
    ? embedded
    : await api.get<User>('/api/v1/auth/me', { token, skipAuthRedirect: true });
  return { token, user };
}

/** SPEC 8 (login): 401 -> 'Credenciais inválidas.'; else the server's text; else the fallback. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 401) return 'Credenciais inválidas.';
  return errorMessage(err, { fallback: 'Falha ao entrar. Verifique suas credenciais.' });
}

export interface RegisterPayload {
  name: string;
  email: string;
  password: string;
  phone: string | null;
  unit: Unit | null;
  profile: Profile;
}

/**
 * The server answers 202 with the same neutral detail whether or not the email is taken (the
 * owner learns which by email), so an answer says nothing about the account.
 */
export function register(payload: RegisterPayload): Promise<{ detail: string }> {
  return api.post<{ detail: string }>('/api/v1/auth/register', payload, { skipAuthRedirect: true });
}

/**
 * SPEC section 8 (register): the server's detail overrides; 409 'Email já cadastrado.' is kept
 * for servers of the original API, which still answer it; else default.
 */
export function registerErrorMessage(err: unknown): string {
  return errorMessage(err, {
    byStatus: { 409: 'Email já cadastrado.' },
    fallback: 'Falha ao registrar. Verifique os dados.',
  });
}

interface DetailAnswer {
  detail?: unknown;
}

function detailOf(answer: DetailAnswer | undefined): string | null {
  return typeof answer?.detail === 'string' && answer.detail.trim() !== '' ? answer.detail : null;
}

/** The server answers the same neutral message whether or not the email exists. */
export async function requestPasswordReset(email: string): Promise<string | null> {
  const answer = await api.post<DetailAnswer | undefined>(
    '/api/v1/auth/forgot-password',
    { email },
    { skipAuthRedirect: true },
  );
  return detailOf(answer);
}

export async function resetPassword(token: string, password: string): Promise<string | null> {
  const answer = await api.post<DetailAnswer | undefined>(
    '/api/v1/auth/reset-password',
    { token, password },
    { skipAuthRedirect: true },
  );
  return detailOf(answer);
}
