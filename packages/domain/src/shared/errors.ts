/** FastAPI-shaped errors: the web's error catalogue reads `detail`. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}
export interface ApiErrorBody {
  detail: string | ValidationIssue[];
}

/** Server-side messages shared by the API and the web. */
export const MESSAGES = {
  unauthenticated: 'Não autenticado.',
  invalidToken: 'Sessão inválida ou expirada. Entre novamente.',
  forbidden: 'Você não tem permissão para esta ação.',
  notFound: 'Recurso não encontrado.',
  invalidCredentials: 'Credenciais inválidas.',
  userPending: 'Seu cadastro está aguardando aprovação de um administrador.',
  userInactive: 'Usuário inativo. Procure um administrador.',
  tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  emailTaken: 'Email já cadastrado.',
  lastAdmin: 'Não é possível remover, inativar ou rebaixar o último administrador ativo.',
  invalidData: 'Dados inválidos. Verifique os campos.',
  payloadTooLarge: 'Conteúdo muito grande.',
  internal: 'Erro interno do servidor. Tente novamente mais tarde.',
  resetRequested:
    'Se o email estiver cadastrado, você receberá um link para redefinir a senha em instantes.',
  registerReceived:
    'Cadastro recebido. Enviamos um email para o endereço informado; você poderá entrar quando um administrador aprovar o acesso.',
  resetInvalid: 'Link inválido ou expirado. Solicite um novo.',
  resetDone: 'Senha redefinida com sucesso. Entre com a nova senha.',
} as const;
