/**
 * What /gestao says about its figures, without zod (docs/decisions/0011: a screen that validates
 * nothing loads no schema): the counting bases, the deal's funnel and a short definition of
 * every figure. The formulas are in dashboard.ts; the funnel's rules in
 * docs/decisions/0033-deal-funnel-and-exact-figures.md.
 */

/** Which day counts a proposal in a period: its creation, or its answer (accepted/declined). */
export const DASHBOARD_BASES = ['criacao', 'aceite'] as const;
export type DashboardBasis = (typeof DASHBOARD_BASES)[number];
export const DASHBOARD_BASIS_LABELS: Record<DashboardBasis, string> = {
  criacao: 'Data de criação',
  aceite: 'Data do aceite',
};
export const DASHBOARD_BASIS_DEFINITIONS: Record<DashboardBasis, string> = {
  criacao: 'Conta cada negociação no dia em que a proposta foi criada.',
  aceite:
    'Conta as propostas respondidas no período pelo dia do aceite ou da recusa; as não respondidas ficam de fora.',
};

/**
 * The deal's funnel (ADR 0033): a deal is a proposal number; its latest version is where it
 * stands. Each stage counts the deals that reached it; accepted, declined and expired are where
 * a deal ends. A declined or expired deal is lost for good: revising it opens a new deal (a new
 * number), so the loss and its reason stay counted and no figure improves by revising it.
 */
export const DEAL_FUNNEL_STAGES = [
  { key: 'proposals_created', label: 'Criadas' },
  { key: 'proposals_sent', label: 'Enviadas' },
  { key: 'proposals_viewed', label: 'Visualizadas' },
  { key: 'proposals_accepted', label: 'Aceitas' },
] as const;
export const DEAL_FUNNEL_LOSSES = [
  { key: 'proposals_declined', label: 'Recusadas' },
  { key: 'proposals_expired', label: 'Expiradas' },
] as const;

/** A short definition beside each figure of /gestao (and in docs/spec.md). */
export const FIGURE_DEFINITIONS = {
  proposals_created:
    'Negociações (números de proposta) do período; uma revisão não cria outra, mas revisar uma proposta recusada ou expirada abre uma nova.',
  proposals_sent: 'Negociações cuja proposta foi enviada ao cliente ao menos uma vez.',
  proposals_accepted: 'Negociações aceitas pelo cliente (link ou presencial).',
  conversion_rate: 'Conversão = aceitas ÷ enviadas.',
  accepted_annual_value: 'Soma do valor anual dos pacotes aceitos.',
  average_ticket: 'Ticket médio = valor anual aceito ÷ propostas aceitas.',
  average_discount_pct:
    'Desconto médio = média, nas aceitas, de 1 − preço do pacote ÷ soma dos procedimentos avulsos.',
  average_margin_pct:
    'Margem média = média, nas aceitas, de (receita líquida − custo) ÷ preço; receita líquida = 70 % do preço.',
  below_min_margin_count:
    'Aceitas cuja margem ficou abaixo da maior margem mínima dos seus procedimentos; margem igual à mínima não conta.',
  by_block:
    'Sessões e valor avulso dos procedimentos das propostas aceitas, por bloco; a participação é o valor do bloco ÷ o valor de todos os blocos.',
  by_week:
    'Propostas criadas, enviadas e aceitas por semana (segunda a domingo), semanas vazias incluídas.',
  decline_reasons: 'Motivos das negociações recusadas; uma recusa nunca é apagada por uma revisão.',
  rounding:
    'Percentuais calculados em números inteiros (centavos) e arredondados para baixo na segunda casa decimal.',
} as const;

/** '—' for an average over nothing: no accepted proposal has no mean. */
export const NO_FIGURE = '—';
