import {
  formatDateTimeBR,
  formatPercent,
  formatReais,
  PROFILE_LABELS,
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
};

const MONEY_FIELDS = new Set(['value', 'cost', 'annual_value']);
const PERCENT_FIELDS = new Set(['min_margin_percent', 'discount_percent', 'boost_percent']);
const STATUS_LABELS: Record<string, string> = { ...USER_STATUS_LABELS };
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
    if (field === 'status') return STATUS_LABELS[value] ?? value;
    if (field === 'profile') return PROFILE_LABELS[value as keyof typeof PROFILE_LABELS] ?? value;
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
