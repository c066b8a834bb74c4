/**
 * The catalogue's vocabulary without validation: blocks, statuses, limits and texts. Screens read
 * these without loading zod (the builder's first paint on a phone), services.ts builds the schemas.
 */

/** SPEC section 3: the four blocks of the catalogue, from entry care (A) to premium (D). */
export const SERVICE_BLOCKS = ['A', 'B', 'C', 'D'] as const;
export type ServiceBlock = (typeof SERVICE_BLOCKS)[number];

export const SERVICE_STATUSES = ['active', 'inactive'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
export const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  active: 'Ativo',
  inactive: 'Inativo',
};

/** SPEC section 9: at most 4 photos per service. */
export const SERVICE_PHOTOS_LIMIT = 4;
export const SERVICE_NAME_MAX_LENGTH = 120;
export const SERVICE_DESCRIPTION_MAX_LENGTH = 2000;
export const SERVICE_BENEFIT_MAX_LENGTH = 300;
/** Not in the spec: far above any clinic price, far below numeric(12,2)'s ceiling. */
export const MONEY_MAX_REAIS = 10_000_000;
export const SESSION_LIMIT_MAX = 1000;

/** The aesthetic goals a service's benefits.main_function names (seed data and filters). */
export const MAIN_FUNCTIONS = [
  'Gordura localizada',
  'Flacidez',
  'Manchas',
  'Rugas e linhas de expressão',
  'Celulite',
  'Acne',
  'Olheiras',
  'Hidratação e viço',
  'Contorno facial',
] as const;

/** The service texts of SPEC sections 2, 5 and 8, shared by the API and the web. */
export const SERVICE_MESSAGES = {
  nameRequired: 'Nome é obrigatório.',
  nameTooLong: `Nome deve ter no máximo ${SERVICE_NAME_MAX_LENGTH} caracteres.`,
  descriptionTooLong: `Descrição deve ter no máximo ${SERVICE_DESCRIPTION_MAX_LENGTH} caracteres.`,
  blockInvalid: 'Bloco deve ser A, B, C ou D.',
  statusInvalid: 'Status deve ser active ou inactive.',
  marginInvalid: 'Margem mínima deve ser um número.',
  sessionLimitInvalid: 'Limite de sessões deve ser um número inteiro maior ou igual a 0.',
  sessionLimitTooLarge: `Limite de sessões deve ser no máximo ${SESSION_LIMIT_MAX}.`,
  benefitsInvalid: 'Benefícios inválidos.',
  benefitTooLong: `Cada benefício deve ter no máximo ${SERVICE_BENEFIT_MAX_LENGTH} caracteres.`,
  nameTaken: 'Já existe um serviço com esse nome.',
  notFound: 'Serviço não encontrado.',
  empty: 'Nenhum serviço encontrado',
  /** The web's confirmations of a save from the admin form. */
  created: 'Serviço criado.',
  updated: 'Serviço atualizado.',
  createFailed: 'Erro ao criar serviço.',
  updateFailed: 'Erro ao atualizar serviço.',
  loadFailed: 'Não foi possível carregar os serviços agora.',
  toggleFailed: 'Não foi possível alterar o status.',
  deleteFailed: 'Não foi possível excluir.',
  /** The web's admin list: its loading text and the confirmations of a row's actions. */
  loading: 'Carregando serviços...',
  activated: 'Serviço ativado.',
  deactivated: 'Serviço inativado.',
  deleted: 'Serviço excluído.',
} as const;

/**
 * Why a procedure cannot be deleted: packages list it by hand (not through 'select all') or
 * synergy relations name it. Deleting it would silently change those.
 */
export function serviceInUseMessage(packages: number, relations: number): string {
  return `Procedimento usado em ${packages} pacote(s) e ${relations} sinergia(s). Inative-o ou remova-o deles primeiro.`;
}

/** SPEC section 2: the confirmation asked before deleting a service. */
export function serviceDeleteConfirmation(name: string): string {
  return `Excluir o serviço ${name}?`;
}
