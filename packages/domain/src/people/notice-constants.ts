/**
 * Notice categories, limits and texts without validation: the banner on every professional page
 * reads them without loading zod; notices.ts builds the schemas.
 */

/** SPEC section 9: the four notice categories and their pt-BR labels. */
export const NOTICE_CATEGORIES = ['urgent', 'scarcity', 'exclusive', 'new_purchase'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];
export const NOTICE_CATEGORY_LABELS: Record<NoticeCategory, string> = {
  urgent: 'Urgente',
  scarcity: 'Vagas Limitadas',
  exclusive: 'Exclusivo',
  new_purchase: 'Nova Compra',
};

export function isNoticeCategory(value: unknown): value is NoticeCategory {
  return typeof value === 'string' && (NOTICE_CATEGORIES as readonly string[]).includes(value);
}

export const NOTICE_TEXT_MAX_LENGTH = 280;
/** Not in the spec; long enough for any headline, short enough for the banner. */
export const NOTICE_TITLE_MAX_LENGTH = 120;
export const NOTICE_IMAGE_URL_MAX_LENGTH = 2000;

/** The notice texts of SPEC sections 5 and 8, shared by the API and the web. */
export const NOTICE_MESSAGES = {
  titleRequired: 'Título é obrigatório.',
  titleTooLong: `O título deve ter no máximo ${NOTICE_TITLE_MAX_LENGTH} caracteres.`,
  textRequired: 'Texto é obrigatório.',
  textTooLong: `O texto deve ter no máximo ${NOTICE_TEXT_MAX_LENGTH} caracteres.`,
  categoryRequired: 'Categoria é obrigatória.',
  categoryInvalid: 'Categoria inválida.',
  activeInvalid: 'O campo active deve ser verdadeiro ou falso.',
  activeFilterInvalid: 'O filtro active deve ser true ou false.',
  imageUrlScheme: 'A URL da imagem deve começar com http:// ou https://',
  imageUrlInvalid: 'URL da imagem inválida.',
  imageUrlTooLong: `A URL da imagem deve ter no máximo ${NOTICE_IMAGE_URL_MAX_LENGTH} caracteres.`,
  titleTaken: 'Já existe uma notice com esse título.',
  notFound: 'Notice não encontrada.',
  /** The web's confirmations of a save from the admin form. */
  created: 'Notice criada.',
  updated: 'Notice atualizada.',
  createFailed: 'Erro ao criar notice.',
  updateFailed: 'Erro ao atualizar notice.',
  loadFailed: 'Não foi possível carregar as notices agora.',
  toggleFailed: 'Não foi possível alterar o status da notice.',
  deleteFailed: 'Não foi possível excluir a notice.',
  /** The web's admin list: its loading text and the confirmations of a row's actions. */
  loading: 'Carregando notices...',
  empty: 'Nenhuma notice encontrada',
  emptyHint: 'Adicione uma nova notice para começar',
  noMatch: 'Nenhuma notice corresponde aos filtros escolhidos',
  activated: 'Notice ativada.',
  deactivated: 'Notice inativada.',
  deleted: 'Notice excluída.',
} as const;

/** SPEC section 8: the confirmation asked before deleting a notice. */
export function noticeDeleteConfirmation(title: string): string {
  return `Excluir a notice "${title}"?`;
}
