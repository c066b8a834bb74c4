/**
 * Every lazily loaded page and shell, as its path from apps/web. The router loads them through
 * import.meta.glob keyed by these paths; the build (vite.config.ts) reads the same names.
 * Plain data without imports, so vite.config.ts can import it.
 */
export const PAGE_MODULES = {
  adminLayout: '/src/app/layouts/admin-layout.tsx',
  professionalLayout: '/src/app/layouts/professional-layout.tsx',
  notFound: '/src/app/not-found-page.tsx',
  adminLogin: '/src/features/people/auth/admin-login-page.tsx',
  login: '/src/features/people/auth/login-page.tsx',
  register: '/src/features/people/auth/register-page.tsx',
  forgotPassword: '/src/features/people/auth/forgot-password-page.tsx',
  resetPassword: '/src/features/people/auth/reset-password-page.tsx',
  home: '/src/features/sales/home/home-page.tsx',
  builder: '/src/features/sales/builder/builder-page.tsx',
  editServices: '/src/features/catalogue/edit-services/edit-services-page.tsx',
  trainingsLibrary: '/src/features/people/trainings/trainings-library-page.tsx',
  trainingDetail: '/src/features/people/trainings/training-detail-page.tsx',
  users: '/src/features/people/users/users-page.tsx',
  services: '/src/features/catalogue/services/services-page.tsx',
  packages: '/src/features/catalogue/packages/packages-page.tsx',
  synergy: '/src/features/catalogue/synergy/synergy-page.tsx',
  notices: '/src/features/people/notices/notices-page.tsx',
  trainingsAdmin: '/src/features/people/trainings/trainings-admin-page.tsx',
  promptAi: '/src/features/catalogue/prompt-ai/prompt-ai-page.tsx',
  webVitals: '/src/features/insights/web-vitals/web-vitals-page.tsx',
  clients: '/src/features/crm/clients/clients-page.tsx',
  clientNew: '/src/features/crm/clients/client-new-page.tsx',
  clientDetail: '/src/features/insights/client-record/client-detail-page.tsx',
  proposals: '/src/features/sales/proposals/proposals-page.tsx',
  proposalDetail: '/src/features/sales/proposals/proposal-detail-page.tsx',
  audit: '/src/features/insights/audit/audit-page.tsx',
  dashboard: '/src/features/insights/dashboard/dashboard-page.tsx',
  pipeline: '/src/features/insights/pipeline/pipeline-page.tsx',
  renewals: '/src/features/insights/pipeline/renewals-page.tsx',
  contract: '/src/features/billing/contracts/contract-page.tsx',
  proposalContract: '/src/features/care/contracts/proposal-contract-page.tsx',
  sessionsToday: '/src/features/care/sessions/sessions-today-page.tsx',
  receivables: '/src/features/billing/receivables/receivables-page.tsx',
  commissions: '/src/features/billing/commissions/commissions-page.tsx',
  settings: '/src/features/billing/settings/settings-page.tsx',
} as const;

export type PageModuleName = keyof typeof PAGE_MODULES;

/**
 * For each URL pattern of the router, the lazy modules its first render needs: shell, then
 * page. The build turns it into route-preloads.json (the chunk files behind each pattern) and
 * the server links those files in that URL's HTML, so a phone fetches the page's code while it
 * parses the HTML; done from JavaScript instead, inserting some fifty preload links cost the
 * builder a long task of half a second on Lighthouse's mobile CPU
 * (docs/decisions/0002-route-preloads.md). route-modules.test.ts keeps this table and the router
 * in step.
 */
export const ROUTE_MODULES: Readonly<Record<string, readonly PageModuleName[]>> = {
  '/admin/login': ['adminLogin'],
  '/login': ['login'],
  '/register': ['register'],
  '/forgot-password': ['forgotPassword'],
  '/reset-password': ['resetPassword'],
  '/home': ['professionalLayout', 'home'],
  '/montar-pacote': ['professionalLayout', 'builder'],
  '/professional/editservices': ['professionalLayout', 'editServices'],
  '/professional/trainings': ['professionalLayout', 'trainingsLibrary'],
  '/professional/trainings/:id': ['professionalLayout', 'trainingDetail'],
  '/clientes': ['professionalLayout', 'clients'],
  // Before '/clientes/:id': the server links the first pattern that matches a URL.
  '/clientes/novo': ['professionalLayout', 'clientNew'],
  '/clientes/:id': ['professionalLayout', 'clientDetail'],
  '/propostas': ['professionalLayout', 'proposals'],
  '/propostas/:id': ['professionalLayout', 'proposalDetail'],
  '/propostas/:id/contrato': ['professionalLayout', 'proposalContract'],
  '/contratos/:id': ['professionalLayout', 'contract'],
  '/sessoes-de-hoje': ['professionalLayout', 'sessionsToday'],
  '/cobrancas': ['professionalLayout', 'receivables'],
  '/comissoes': ['professionalLayout', 'commissions'],
  '/gestao': ['professionalLayout', 'dashboard'],
  '/pipeline': ['professionalLayout', 'pipeline'],
  '/renovacoes': ['professionalLayout', 'renewals'],
  '/admin/users': ['adminLayout', 'users'],
  '/admin/services': ['adminLayout', 'services'],
  '/admin/packages': ['adminLayout', 'packages'],
  '/admin/synergy': ['adminLayout', 'synergy'],
  '/admin/notices': ['adminLayout', 'notices'],
  '/admin/trainings': ['adminLayout', 'trainingsAdmin'],
  '/admin/prompt-ai': ['adminLayout', 'promptAi'],
  '/admin/desempenho': ['adminLayout', 'webVitals'],
  '/admin/auditoria': ['adminLayout', 'audit'],
  '/admin/configuracoes': ['adminLayout', 'settings'],
};

/**
 * The signed-out screens, which a visit that lands on them draws with the signed-out shell
 * (signed-out-app.tsx) instead of the signed-in app: they load neither the router library nor the
 * query client (docs/decisions/0022-signed-out-shell.md).
 */
export const SIGNED_OUT_SCREENS: Readonly<Record<string, PageModuleName>> = {
  '/login': 'login',
  '/admin/login': 'adminLogin',
  '/register': 'register',
  '/forgot-password': 'forgotPassword',
  '/reset-password': 'resetPassword',
};

/**
 * The signed-in app (router, query client, guards): main.tsx loads it for every other URL, so
 * the build links its code in the HTML of every pattern above but the signed-out screens.
 */
export const SIGNED_IN_APP_MODULE = '/src/app/app.tsx';
