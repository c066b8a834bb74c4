/**
 * Package limits and texts without validation, for screens that must not load zod; packages.ts
 * builds the schemas from them.
 */

export const PACKAGE_STATUSES = ['active', 'inactive'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

export const PACKAGE_NAME_MAX_LENGTH = 120;
export const BLOCK_LIMIT_MAX = 100;
export const PACKAGE_SESSION_LIMIT_MAX = 1000;
/** More ids than any catalogue holds; bounds the work one request can ask for. */
export const PACKAGE_PROCEDURES_MAX = 2000;
/** SPEC section 2: the packages table shows at most 4 procedures, then '+N mais'. */
export const PACKAGE_ROW_PROCEDURES_SHOWN = 4;

/** The package texts of SPEC sections 2, 5 and 8, shared by the API and the web. */
export const PACKAGE_MESSAGES = {
  nameRequired: 'Nome é obrigatório.',
  nameTooLong: `Nome deve ter no máximo ${PACKAGE_NAME_MAX_LENGTH} caracteres.`,
  statusInvalid: 'Status deve ser active ou inactive.',
  discountInvalid: 'Desconto deve ser um número entre 0 e 100.',
  sessionLimitInvalid: 'Limite de sessões deve ser um número inteiro maior ou igual a 0.',
  sessionLimitTooLarge: `Limite de sessões deve ser no máximo ${PACKAGE_SESSION_LIMIT_MAX}.`,
  blockLimitsInvalid: 'Limites por bloco inválidos.',
  blockLimitInvalid: 'O limite do bloco deve ser um número inteiro maior ou igual a 0.',
  blockLimitTooLarge: `O limite do bloco deve ser no máximo ${BLOCK_LIMIT_MAX}.`,
  allowAllInvalid: 'O campo allow_all_procedures deve ser verdadeiro ou falso.',
  procedureIdsInvalid: 'Informe uma lista de identificadores de procedimentos.',
  procedureIdsTooMany: `No máximo ${PACKAGE_PROCEDURES_MAX} procedimentos por lista.`,
  allowedAndRestricted: 'Um procedimento não pode ser permitido e restrito ao mesmo tempo.',
  nameTaken: 'Já existe um pacote com esse nome.',
  notFound: 'Pacote não encontrado.',
  empty: 'Nenhum pacote encontrado',
  noActive: 'Nenhum pacote ativo no momento',
  /** The web's confirmations of a save from the admin form. */
  created: 'Pacote criado.',
  updated: 'Pacote atualizado.',
  createFailed: 'Erro ao criar pacote.',
  updateFailed: 'Erro ao atualizar pacote.',
  loadFailed: 'Não foi possível carregar os pacotes agora.',
  pickerLoadFailed: 'Não foi possível carregar os pacotes.',
  servicesLoading: 'Carregando serviços...',
  servicesLoadFailed: 'Não foi possível carregar os serviços.',
  nothingFound: 'Nada encontrado.',
  toggleFailed: 'Não foi possível alterar o status.',
  deleteFailed: 'Não foi possível excluir.',
  /** The web's admin list: its loading text and the confirmations of a row's actions. */
  loading: 'Carregando pacotes...',
  activated: 'Pacote ativado.',
  deactivated: 'Pacote inativado.',
  deleted: 'Pacote excluído.',
} as const;

/** The 422 for a procedure id that names no service. */
export function unknownProcedureMessage(id: number): string {
  return `Procedimento inexistente: ${id}.`;
}

/** SPEC section 2: the confirmation asked before deleting a package. */
export function packageDeleteConfirmation(name: string): string {
  return `Excluir o pacote "${name}"?`;
}

/** '+N mais' after the first 4 procedures of a package row. */
export function moreProceduresLabel(total: number): string | null {
  const hidden = total - PACKAGE_ROW_PROCEDURES_SHOWN;
  return hidden > 0 ? `+${hidden} mais` : null;
}
