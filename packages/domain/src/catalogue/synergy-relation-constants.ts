/**
 * The synergy relations' limits and texts without validation: the admin kit binds them to the
 * relations' writes in a module the builder loads, so they must not bring zod along
 * (docs/decisions/0011-first-screen-javascript.md); synergy-relations.ts builds the schemas.
 */

export const RELATION_CATEGORY_MAX_LENGTH = 80;
export const RELATION_TEXT_MAX_LENGTH = 2000;

/** The synergy texts of SPEC sections 2, 5 and 8, shared by the API and the web. */
export const SYNERGY_RELATION_MESSAGES = {
  service1Required: 'Selecione o Serviço 1.',
  service2Required: 'Selecione o Serviço 2.',
  servicesMustDiffer: 'Os serviços devem ser diferentes.',
  categoryRequired: 'Informe a categoria.',
  categoryTooLong: `A categoria deve ter no máximo ${RELATION_CATEGORY_MAX_LENGTH} caracteres.`,
  boostInvalid: 'boost_percent deve estar entre 0 e 100.',
  textTooLong: `O texto deve ter no máximo ${RELATION_TEXT_MAX_LENGTH} caracteres.`,
  serviceMissing: 'Serviço inexistente.',
  serviceFilterInvalid: 'O filtro service_id deve ser um identificador válido.',
  notFound: 'Relação não encontrada.',
  pairTaken: 'Já existe uma sinergia entre esses dois procedimentos.',
  empty: 'Nenhuma relação encontrada',
  /** The web's confirmations of a save from the admin form. */
  created: 'Relação criada.',
  updated: 'Relação atualizada.',
  /** Not in the spec (it names only the create fallback); worded the same way. */
  updateFailed: 'Erro ao atualizar sinergia.',
  createFailed: 'Erro ao criar sinergia.',
  loadFailed: 'Não foi possível carregar as relações agora.',
  deleteFailed: 'Não foi possível excluir.',
  /** The web's admin list: its loading text and the confirmation of a delete. */
  loading: 'Carregando relações...',
  deleted: 'Relação excluída.',
} as const;

/** SPEC section 8: the confirmation asked before deleting a relation. */
export function relationDeleteConfirmation(id: number): string {
  return `Excluir a relação #${id}?`;
}
