import {
  TOTAL_COUNT_HEADER,
  type ApiErrorBody,
  type User,
  type ValidationIssue,
} from '@portal/domain';

/**
 * The web's only door to the API: same-origin JSON calls with the stored bearer token, FastAPI
 * error bodies turned into `ApiError`, and the session kept in localStorage ('token', 'user').
 */

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export const NO_TOKEN_MESSAGE = 'A API não retornou um token de acesso.';

// ---------------------------------------------------------------------------------------------
// Session
// ---------------------------------------------------------------------------------------------

const sessionListeners = new Set<() => void>();

function notifySessionChange(): void {
  for (const listener of sessionListeners) listener();
}

/** Subscribes to session changes in this tab and in other tabs (storage event). */
export function subscribeToSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  const onStorage = (event: StorageEvent): void => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    sessionListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage may be blocked (privacy settings): behave as signed out.
    return null;
  }
}

export function getToken(): string | null {
  const token = readStorage(TOKEN_KEY);
  return token ? token : null;
}

/** Raw JSON of the stored user; stable between calls, so it is safe as a store snapshot. */
export function getStoredUserJson(): string | null {
  return readStorage(USER_KEY);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Accepts what the API sends as a user; anything without an id, name and profile is rejected. */
export function isUser(value: unknown): value is User {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.name === 'string' &&
    typeof value.profile === 'string'
  );
}

export function parseStoredUser(json: string | null): User | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return isUser(value) ? value : null;
  } catch {
    return null;
  }
}

export function getStoredUser(): User | null {
  return parseStoredUser(getStoredUserJson());
}

export function saveSession(token: string, user: User): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  notifySessionChange();
}

/** Replaces the stored user (e.g. after /auth/me) without touching the token. */
export function saveStoredUser(user: User): void {
  const json = JSON.stringify(user);
  if (getStoredUserJson() === json) return;
  window.localStorage.setItem(USER_KEY, json);
  notifySessionChange();
}

export function clearSession(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
    window.localStorage.removeItem(USER_KEY);
  } catch {
    // Nothing stored that we could remove.
  }
  notifySessionChange();
}

/** The login response may name its token in several ways; the first non-empty one wins. */
export function extractAccessToken(body: unknown): string | null {
  if (!isRecord(body)) return null;
  for (const key of ['access_token', 'accessToken', 'token', 'jwt']) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

function isValidationIssue(value: unknown): value is ValidationIssue {
  return isRecord(value) && typeof value.msg === 'string';
}

function toApiErrorBody(value: unknown): ApiErrorBody | null {
  if (!isRecord(value)) return null;
  const { detail } = value;
  if (typeof detail === 'string') return { detail };
  if (Array.isArray(detail)) return { detail: detail.filter(isValidationIssue) };
  return null;
}

/** The text a FastAPI body carries: the detail string, or the first validation message. */
export function detailText(body: ApiErrorBody | null): string | null {
  if (!body) return null;
  if (typeof body.detail === 'string') return body.detail.trim() || null;
  const first = body.detail[0]?.msg.trim();
  return first ? first : null;
}

/** A non-2xx answer. `body` is the FastAPI error body when the server sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: ApiErrorBody | null;
  /** The response text as received (for messages like 'Falha ao gerar PDF ({status}): {text}'). */
  readonly responseText: string;

  /** A 429's Retry-After, in milliseconds (null when the server named no wait). */
  readonly retryAfterMs: number | null;

  constructor(
    status: number,
    body: ApiErrorBody | null,
    responseText = '',
    retryAfterMs: number | null = null,
  ) {
    super(detailText(body) ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.responseText = responseText;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Retry-After in whole seconds (the API's form), as milliseconds; null when absent or odd. */
function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

export interface ErrorMessageOptions {
  /** Text for a status when the server sent no detail, e.g. {409: 'Email já cadastrado.'}. */
  byStatus?: Record<number, string>;
  fallback: string;
}

/**
 * SPEC section 8: the detail string, else the first detail[].msg, else the status-specific text,
 * else the fallback. Errors raised by our own code carry pt-BR messages and are shown as they
 * are; browser network errors (TypeError, in English) and aborts get the fallback.
 */
export function errorMessage(err: unknown, { byStatus, fallback }: ErrorMessageOptions): string {
  if (err instanceof ApiError) {
    return detailText(err.body) ?? byStatus?.[err.status] ?? fallback;
  }
  if (err instanceof TypeError) return fallback;
  if (err instanceof Error && err.name !== 'AbortError' && err.message.trim() !== '') {
    return err.message;
  }
  return fallback;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * Takes the user to /login after a 401. The session is cleared once the returned promise settles:
 * clearing first would let the route guards redirect on their own (to /admin/login) before the
 * handler's navigation runs.
 */
type UnauthorizedHandler = () => void | Promise<void>;

/** Before the router registers its handler, a full-page redirect is the safe default. */
let unauthorizedHandler: UnauthorizedHandler = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** The router installs a handler that navigates to /login remembering where the user was. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

function handleUnauthorized(): void {
  let pending: void | Promise<void>;
  try {
    pending = unauthorizedHandler();
  } catch {
    pending = undefined;
  }
  void Promise.resolve(pending)
    .catch(() => undefined)
    .then(clearSession);
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialized as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Overrides the stored token (used right after login, before the session is saved). */
  token?: string;
  /**
   * A 401 normally means the session expired: it is cleared and the user sent to /login. The
   * login call itself answers 401 for wrong credentials, so it opts out.
   */
  skipAuthRedirect?: boolean;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function send(path: string, options: ApiRequestOptions, accept: string): Promise<Response> {
  const { method = 'GET', body, query, signal, skipAuthRedirect = false } = options;
  const token = options.token ?? getToken();
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await fetch(buildUrl(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const text = await response.text();
    if (response.status === 401 && !skipAuthRedirect) handleUnauthorized();
    throw new ApiError(
      response.status,
      toApiErrorBody(parseJson(text)),
      text,
      retryAfterOf(response),
    );
  }
  return response;
}

/**
 * Calls the API and returns the parsed JSON (undefined for 204). The type parameter states what
 * the caller expects; the API validates its own output with the domain schemas.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  return parseJson(await response.text()) as T;
}

/** One page of a list and the number of rows that matched before limit and offset. */
export interface ApiPage<T> {
  items: T[];
  total: number;
}

/**
 * GETs a paged list (the shared list contract: q, limit, offset, order): the rows and the total
 * the server sent in X-Total-Count. A server that sent no (or a bad) total is given the rows'
 * own count, so the page never claims more than it shows.
 */
export async function apiRequestPage<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
): Promise<ApiPage<T>> {
  const response = await send(path, { ...options, method: 'GET' }, 'application/json');
  const body = parseJson(await response.text());
  const items = Array.isArray(body) ? (body as T[]) : [];
  const header = response.headers.get(TOTAL_COUNT_HEADER);
  const total = header === null ? Number.NaN : Number(header);
  return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length };
}

/** For binary answers (PDFs): same headers and error handling, returns the body as a Blob. */
export async function apiRequestBlob(path: string, options: ApiRequestOptions = {}): Promise<Blob> {
  const response = await send(path, options, '*/*');
  return response.blob();
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  /** A paged list with its X-Total-Count total. */
  getPage: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequestPage<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * Posts JSON that must outlive the page (Web Vitals, sent as it is hidden or closed):
 * navigator.sendBeacon, else fetch with keepalive. Sent as text/plain, which a beacon may carry
 * without a CORS preflight; the route reads it as JSON. No token, and no answer to wait for.
 */
export function sendBeacon(path: string, body: unknown): void {
  const text = JSON.stringify(body);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(path, text)) return;
  } catch {
    // Some browsers throw instead of returning false: try fetch.
  }
  void fetch(path, {
    method: 'POST',
    body: text,
    keepalive: true,
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}
