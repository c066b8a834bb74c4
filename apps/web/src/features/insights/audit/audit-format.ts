import {
  CONSENT_CHANNEL_LABELS,
  CONSENT_PURPOSE_LABELS,
  DECLINE_REASON_LABELS,
  formatDateTimeBR,
  formatPercent,
  formatReais,
  PROFILE_LABELS,
  PROPOSAL_STATUS_LABELS,
  USER_STATUS_LABELS,
  type AuditChanges,
} from '@portal/domain';

/** pt-BR names of the fields the modules record (issue 14); an unknown field shows its key. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  email: 'Email',
  phone: 'Telefone',
  description: 'Descrição',
  block: 'Bloco',
  value: 'Valor',
  cost: 'Custo',
  min_margin_percent: 'Margem mínima',
  session_limit: 'Limite de sessões',
  status: 'Status',
  benefits: 'Benefícios',
  main_function: 'Função principal',
  benefit1: 'Benefício 1',
  benefit2: 'Benefício 2',
  benefit3: 'Benefício 3',
  photos_limit: 'Limite de fotos',
  annual_value: 'Valor anual',
  discount_percent: 'Desconto',
  block_limits: 'Limites por bloco',
  a: 'Bloco A',
  b: 'Bloco B',
  c: 'Bloco C',
  d: 'Bloco D',
  allow_all_procedures: 'Todos os procedimentos permitidos',
  procedures: 'Procedimentos permitidos',
  restricted_procedures: 'Procedimentos restritos',
  service_id_1: 'Procedimento 1',
  service_id_2: 'Procedimento 2',
  category: 'Categoria',
  rationale: 'Justificativa',
  boost_percent: 'Acréscimo',
  base_narrative: 'Narrativa base',
  prompt: 'Prompt',
  codigo: 'Código',
  profile: 'Perfil',
  unit: 'Unidade',
  // Proposals (issue 27): what the trail keeps of a deal, never the client.
  number: 'Número',
  version: 'Versão',
  package: 'Pacote',
  items: 'Procedimentos',
  reason_code: 'Motivo',
  channel: 'Canal',
  link: 'Link',
  document_hmac: 'Selo do documento aceito',
  // Clients: which fields changed and the consent facts, never the values.
  changed_fields: 'Campos alterados',
  purpose: 'Finalidade',
  granted: 'Concedido',
  text_version: 'Versão do texto',
  anonymized: 'Anonimizado',
  full_name: 'Nome completo',
  preferred_name: 'Nome preferido',
  salutation: 'Tratamento',
  cpf: 'CPF',
  birth_date: 'Data de nascimento',
  preferences: 'Preferências',
  important_dates: 'Datas importantes',
  channels: 'Canais',
  notes: 'Observações',
  allergies: 'Alergias',
  health_flags: 'Alertas de saúde',
  contraindications: 'Contraindicações',
};

/** Coded values shown by their pt-BR names, per field. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  // User and proposal statuses share the field; their codes do not collide.
  status: { ...USER_STATUS_LABELS, ...PROPOSAL_STATUS_LABELS },
  profile: PROFILE_LABELS,
  reason_code: DECLINE_REASON_LABELS,
  purpose: CONSENT_PURPOSE_LABELS,
  channel: { ...CONSENT_CHANNEL_LABELS, link: 'Pelo link', presencial: 'Presencial' },
  link: { active: 'ativo', revoked: 'revogado' },
};

const MONEY_FIELDS = new Set(['value', 'cost', 'annual_value']);
const PERCENT_FIELDS = new Set(['min_margin_percent', 'discount_percent', 'boost_percent']);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** One recorded value as a person reads it: money and percent pt-BR, dates pt-BR, Sim/Não. */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') {
    if (MONEY_FIELDS.has(field)) return formatReais(value);
    if (PERCENT_FIELDS.has(field)) return formatPercent(value);
    return new Intl.NumberFormat('pt-BR').format(value);
  }
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'string') {
    const label = VALUE_LABELS[field]?.[value];
    if (label) return label;
    if (field === 'changed_fields') return fieldLabel(value);
    if (ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)))
      return formatDateTimeBR(value);
    return value;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? 'nenhum' : value.map((v) => formatAuditValue(field, v)).join(', ');
  }
  return JSON.stringify(value);
}

export interface AuditChangeLine {
  /** "Limites por bloco › Bloco B" for nested fields. */
  label: string;
  before: string | null;
  after: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The lines of an entry: one per changed field, nested objects flattened. `before` is null on a
 * creation, `after` null on a deletion.
 */
export function auditChangeLines(before: AuditChanges, after: AuditChanges): AuditChangeLine[] {
  const lines: AuditChangeLine[] = [];
  const walk = (
    old: Record<string, unknown> | null,
    now: Record<string, unknown> | null,
    prefix: string,
  ) => {
    const keys = new Set([...Object.keys(old ?? {}), ...Object.keys(now ?? {})]);
    for (const key of keys) {
      const label = prefix ? `${prefix} › ${fieldLabel(key)}` : fieldLabel(key);
      const a = old?.[key];
      const b = now?.[key];
      if (isRecord(a) || isRecord(b)) {
        walk(isRecord(a) ? a : old ? {} : null, isRecord(b) ? b : now ? {} : null, label);
        continue;
      }
      lines.push({
        label,
        before: old ? formatAuditValue(key, a) : null,
        after: now ? formatAuditValue(key, b) : null,
      });
    }
  };
  walk(before, after, '');
  return lines;
}
