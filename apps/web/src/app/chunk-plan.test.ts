import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planChunks, type PlanInput } from './chunk-plan';

const SIGNED_OUT = ['/login', '/admin/login', '/register', '/forgot-password'];
const SIGN_IN = ['/login', '/admin/login'];
// Enough URLs that 'nearly every' (90 %) can leave out one, as in the app.
const PROFESSIONAL = [
  '/home',
  '/montar-pacote',
  '/clientes',
  '/clientes/:id',
  '/propostas',
  '/propostas/:id',
  '/gestao',
  '/pipeline',
  '/renovacoes',
  '/professional/trainings',
];
const ADMIN = ['/admin/users', '/admin/services', '/admin/notices', '/admin/packages'];
const BUILDER = '/montar-pacote';
const ROUTES = [...SIGNED_OUT, ...PROFESSIONAL, ...ADMIN];

function plan(use: Record<string, readonly string[]>): Record<string, string> {
  const input: PlanInput = {
    use: new Map(Object.entries(use).map(([id, routes]) => [id, new Set(routes)])),
    signedOut: SIGNED_OUT,
    signIn: SIGN_IN,
    professional: PROFESSIONAL,
    admin: ADMIN,
    builder: BUILDER,
  };
  return planChunks(input);
}

describe('the chunk plan', () => {
  it('groups the shells, the builder and the sign-in screens, and leaves the rest', () => {
    const chunks = plan({
      'login-page': ['/login'],
      'input-base': ['/login', '/admin/login', '/register', BUILDER, '/clientes'],
      'register-page': ['/register'],
      'select-of-register-and-users': ['/register', '/admin/users'],
      session: [...PROFESSIONAL, ...ADMIN],
      'not-on-the-builder': [...PROFESSIONAL, ...ADMIN].filter((route) => route !== BUILDER),
      'nav-link': PROFESSIONAL,
      'admin-table': ADMIN,
      'builder-page': [BUILDER],
      'client-picker': [BUILDER, '/clientes'],
      'clients-page': ['/clientes'],
    });
    expect(chunks).toEqual({
      'login-page': chunks['login-page'],
      'input-base': chunks['input-base'],
      session: 'signed-in',
      'not-on-the-builder': 'signed-in-more',
      'nav-link': 'professional-shell',
      'admin-table': 'admin-shell',
      'builder-page': 'builder',
      'client-picker': 'builder-shared',
    });
    expect(chunks['login-page']).toMatch(/^signed-out-/);
    expect(chunks['input-base']).toMatch(/^signed-out-/);
    // /login uses the login page; the builder does not, so they are not in one chunk.
    expect(chunks['login-page']).not.toBe(chunks['input-base']);
  });

  it('gives /login and the builder only chunks whose every module they load', () => {
    const useMap = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 8 }),
      fc.subarray(ROUTES, { minLength: 1 }),
      { maxKeys: 40 },
    );
    fc.assert(
      fc.property(useMap, (use) => {
        const chunks = plan(use);
        const modulesOf = new Map<string, string[]>();
        for (const [id, chunk] of Object.entries(chunks)) {
          modulesOf.set(chunk, [...(modulesOf.get(chunk) ?? []), id]);
        }
        for (const screen of ['/login', BUILDER]) {
          for (const modules of modulesOf.values()) {
            const loaded = modules.filter((id) => use[id]?.includes(screen));
            // A chunk the screen loads (it uses one of its modules) holds nothing else.
            if (loaded.length > 0) expect(loaded).toEqual(modules);
          }
        }
      }),
    );
  });
});
