/**
 * The users' admin texts without validation: the admin kit binds them to the users' writes, and
 * screens that read them must not bring zod along (docs/decisions/0011-first-screen-javascript.md).
 */

/** The user texts of the web's admin list and form (SPEC sections 2 and 8). */
export const USER_MESSAGES = {
  empty: 'Nenhum usuário encontrado',
  emptyHint: 'Adicione um novo usuário para começar',
  loading: 'Carregando usuários...',
  loadFailed: 'Não foi possível carregar os usuários agora.',
  created: 'Usuário criado.',
  updated: 'Usuário atualizado.',
  createFailed: 'Erro ao criar usuário.',
  updateFailed: 'Erro ao atualizar usuário.',
  activated: 'Usuário ativado.',
  deactivated: 'Usuário inativado.',
  toggleFailed: 'Não foi possível alterar o status.',
  deleted: 'Usuário excluído.',
  deleteFailed: 'Não foi possível excluir.',
} as const;

/** SPEC section 2: the confirmation asked before deleting a user. */
export function userDeleteConfirmation(name: string): string {
  return `Excluir o usuário ${name}?`;
}
