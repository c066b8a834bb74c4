import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@portal/domain';
import { http, HttpResponse } from 'msw';
import { apiData } from '../test/msw-handlers';
import { recordRequests, server } from '../test/msw-server';
import { makeUser } from '../test/test-utils';
import {
  api,
  ApiError,
  apiRequestPage,
  errorMessage,
  extractAccessToken,
  getStoredUser,
  getToken,
  saveSession,
  setUnauthorizedHandler,
} from './api-client';

describe('errorMessage (SPEC 8)', () => {
  const options = { byStatus: { 409: 'Email já cadastrado.' }, fallback: 'Falha.' };

  it('prefers the detail string', () => {
    const err = new ApiError(409, { detail: 'Já existe.' });
    expect(errorMessage(err, options)).toBe('Já existe.');
  });

  it('then the first validation message', () => {
    const err = new ApiError(422, {
      detail: [
        { loc: ['body', 'email'], msg: 'Email inválido.', type: 'value_error' },
        { loc: ['body', 'name'], msg: 'Nome é obrigatório.', type: 'value_error' },
      ],
    });
    expect(errorMessage(err, options)).toBe('Email inválido.');
  });

  it('then the status-specific text', () => {
    expect(errorMessage(new ApiError(409, null), options)).toBe('Email já cadastrado.');
    expect(errorMessage(new ApiError(409, { detail: [] }), options)).toBe('Email já cadastrado.');
  });

  it('then the fallback', () => {
    expect(errorMessage(new ApiError(500, null), options)).toBe('Falha.');
    expect(errorMessage(undefined, options)).toBe('Falha.');
  });

  it('shows our own error messages but not the browser network error', () => {
    expect(errorMessage(new Error('A API não retornou um token de acesso.'), options)).toBe(
      'A API não retornou um token de acesso.',
    );
    expect(errorMessage(new TypeError('Failed to fetch'), options)).toBe('Falha.');
  });
});

describe('extractAccessToken', () => {
  it('reads access_token, accessToken, token or jwt', () => {
    expect(extractAccessToken({ access_token: 'a' })).toBe('a');
    expect(extractAccessToken({ accessToken: 'b' })).toBe('b');
    expect(extractAccessToken({ token: 'c' })).toBe('c');
    expect(extractAccessToken({ jwt: 'd' })).toBe('d');
    expect(extractAccessToken({ token_type: 'bearer' })).toBeNull();
    expect(extractAccessToken(null)).toBeNull();
  });
});

describe('apiRequest', () => {
  afterEach(() => setUnauthorizedHandler(() => {}));

  it('sends JSON with the stored bearer token', async () => {
    saveSession('abc', makeUser());
    const authorizations: (string | null)[] = [];
    server.use(
      http.get('/api/v1/users/', ({ request }) => {
        authorizations.push(request.headers.get('Authorization'));
        return HttpResponse.json([{ id: 1 }]);
      }),
    );
    const requests = recordRequests();
    await expect(api.get('/api/v1/users/')).resolves.toEqual([{ id: 1 }]);
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /api/v1/users/']);
    expect(authorizations).toEqual(['Bearer abc']);
  });

  it('returns undefined for 204', async () => {
    apiData.users = [makeUser({ id: 3 })];
    await expect(api.delete('/api/v1/users/3')).resolves.toBeUndefined();
    expect(apiData.users).toEqual([]);
  });

  it('turns a FastAPI error body into ApiError', async () => {
    server.use(
      http.post('/api/v1/users/', () =>
        HttpResponse.json({ detail: 'Email já cadastrado.' }, { status: 409 }),
      ),
    );
    const err = await api.post('/api/v1/users/', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, body: { detail: 'Email já cadastrado.' } });
  });

  it('on 401 clears the session and calls the redirect handler', async () => {
    saveSession('expired', makeUser());
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    server.use(
      http.get('/api/v1/users/', () =>
        HttpResponse.json({ detail: 'Sessão inválida ou expirada.' }, { status: 401 }),
      ),
    );
    await expect(api.get('/api/v1/users/')).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(getToken()).toBeNull());
    expect(getStoredUser()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('leaves the session alone on a 401 from the login call', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    saveSession('keep', makeUser());
    server.use(
      http.post('/api/v1/auth/login', () =>
        HttpResponse.json({ detail: 'Credenciais inválidas.' }, { status: 401 }),
      ),
    );
    await expect(
      api.post('/api/v1/auth/login', {}, { skipAuthRedirect: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('keep');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('apiRequestPage (issue 12 list contract)', () => {
  it('returns the rows with the total the server sent in X-Total-Count', async () => {
    apiData.users = Array.from({ length: 7 }, (_, index) =>
      makeUser({ id: index + 1, name: `Pessoa ${index + 1}`, email: `p${index + 1}@x.com` }),
    );
    const page = await apiRequestPage<User>('/api/v1/users/', {
      query: { limit: 3, offset: 3, order: 'name' },
    });
    expect(page.total).toBe(7);
    expect(page.items.map((user) => user.name)).toEqual(['Pessoa 4', 'Pessoa 5', 'Pessoa 6']);
  });

  it('counts the rows when the server sent no total', async () => {
    server.use(http.get('/api/v1/users/', () => HttpResponse.json([{ id: 1 }, { id: 2 }])));
    const page = await apiRequestPage<{ id: number }>('/api/v1/users/');
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 2 });
  });
});
