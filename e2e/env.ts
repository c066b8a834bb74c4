/** Where the end-to-end server listens and who its first admin is (see playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ADMIN = { email: 'admin.e2e@portalestetica.com.br', password: 'Admin-e2e-2026!' };
