import { z } from '../shared/zod.ts';
import { formatBRL, reaisToCentavos, type Centavos } from '../shared/money.ts';
import { apportionPackagePrice } from './apportion.ts';
import {
  computePackageTotals,
  packageSaving,
  type PackageSaving,
} from '../catalogue/package-totals.ts';
import { foldAccents } from '../shared/text.ts';

/**
 * The two documents the receipt prints (SPEC section 3 'Proposal PDF payload' and 'Client-care
 * PDF payload'): their request schemas, the figures a proposal shows (recomputed from the rows in
 * centavos, never taken from the client), and the pt-BR spelling of numbers that Brazilian
 * consumer-protection guidance asks for next to the figures of a contract.
 */

export const PDF_TEXT_MAX_LENGTH = 500;
export const PDF_NAME_MAX_LENGTH = 200;
export const PDF_MAX_ROWS = 200;
export const PDF_MAX_LIST_ITEMS = 50;
export const PDF_MAX_SESSIONS_PER_ROW = 100;
/** R$ 100 milhões: far above any package, low enough that sums stay exact in centavos. */
export const PDF_MAX_MONEY_REAIS = 100_000_000;
/** A proposal's prices hold for this many days. */
export const PROPOSAL_VALIDITY_DAYS = 7;

export const PDF_MESSAGES = {
  textTooLong: `Cada texto deve ter no máximo ${PDF_TEXT_MAX_LENGTH} caracteres.`,
  nameTooLong: `Cada nome deve ter no máximo ${PDF_NAME_MAX_LENGTH} caracteres.`,
  textInvalid: 'Texto inválido.',
  listInvalid: 'Envie uma lista de textos.',
  tooManyItems: `Cada lista aceita no máximo ${PDF_MAX_LIST_ITEMS} itens.`,
  tooManyRows: `A proposta aceita no máximo ${PDF_MAX_ROWS} procedimentos.`,
  rowsRequired: 'Informe a lista de procedimentos (rows).',
  /** An empty selection prints no document (issue 15). */
  selectionEmpty: 'Selecione ao menos um procedimento.',
  moneyInvalid: `Valores devem ser números entre 0 e ${PDF_MAX_MONEY_REAIS}.`,
  qtyInvalid: `A quantidade de sessões deve ser um número inteiro entre 1 e ${PDF_MAX_SESSIONS_PER_ROW}.`,
  idInvalid: 'Identificador inválido.',
  packageRequired: 'Informe o pacote.',
  packageNameRequired: 'Informe o nome do pacote.',
  procedureNameRequired: 'Informe o nome do procedimento.',
  titleRequired: 'Informe o título.',
  clientRequired: 'Informe os dados da cliente.',
  flagInvalid: 'Use 0 ou 1.',
  /** The builder flow's only visible PDF error (SPEC section 8). */
  loadFailed: 'Não foi possível carregar o PDF.',
} as const;

/** Trimmed text of at most `max` characters; blank and null become undefined. */
const optionalText = (max: number = PDF_TEXT_MAX_LENGTH) =>
  z
    .string({ error: PDF_MESSAGES.textInvalid })
    .trim()
    .max(max, max === PDF_NAME_MAX_LENGTH ? PDF_MESSAGES.nameTooLong : PDF_MESSAGES.textTooLong)
    .nullish()
    .transform((v) => (v ? v : undefined));

const requiredName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(PDF_NAME_MAX_LENGTH, PDF_MESSAGES.nameTooLong);

const listItem = z
  .string({ error: PDF_MESSAGES.textInvalid })
  .trim()
  .max(PDF_TEXT_MAX_LENGTH, PDF_MESSAGES.textTooLong);

/**
 * A list of short texts; blanks are dropped and a missing or null list is empty. The existing
 * front end sometimes sends one plain string where a list is expected: it is read as the list of
 * its lines (issue 15, compatibility).
 */
const textList = (max: number = PDF_MAX_LIST_ITEMS) =>
  z
    .union([z.string(), z.array(z.unknown())], { error: PDF_MESSAGES.listInvalid })
    .nullish()
    .transform((value) => (typeof value === 'string' ? value.split(/\r?\n/) : (value ?? [])))
    .pipe(
      z
        .array(listItem, { error: PDF_MESSAGES.listInvalid })
        .max(max, PDF_MESSAGES.tooManyItems)
        .transform((list) => list.filter((text) => text !== '')),
    );

const money = z
  .number({ error: PDF_MESSAGES.moneyInvalid })
  .min(0, PDF_MESSAGES.moneyInvalid)
  .max(PDF_MAX_MONEY_REAIS, PDF_MESSAGES.moneyInvalid);

const optionalId = z
  .number({ error: PDF_MESSAGES.idInvalid })
  .int(PDF_MESSAGES.idInvalid)
  .min(0, PDF_MESSAGES.idInvalid)
  .max(2_147_483_647, PDF_MESSAGES.idInvalid)
  .nullish();

const procedureRef = z.object({
  id: optionalId,
  name: requiredName(PDF_MESSAGES.procedureNameRequired),
});

export const proposalRowSchema = z.object({
  id: optionalId,
  name: requiredName(PDF_MESSAGES.procedureNameRequired),
  /** Unit price in reais. */
  unit: money,
  /** Sessions of this procedure. */
  qty: z
    .number({ error: PDF_MESSAGES.qtyInvalid })
    .int(PDF_MESSAGES.qtyInvalid)
    .min(1, PDF_MESSAGES.qtyInvalid)
    .max(PDF_MAX_SESSIONS_PER_ROW, PDF_MESSAGES.qtyInvalid),
  /** Ignored: the server recomputes unit × qty. */
  total: money.nullish(),
  benefits: textList(10),
});
export type ProposalRow = z.output<typeof proposalRowSchema>;

export const proposalPdfPayloadSchema = z.object({
  client_name: optionalText(PDF_NAME_MAX_LENGTH),
  pkg: z.object(
    {
      id: optionalId,
      name: requiredName(PDF_MESSAGES.packageNameRequired),
      annual_value: money,
    },
    { error: PDF_MESSAGES.packageRequired },
  ),
  rows: z
    .array(proposalRowSchema, { error: PDF_MESSAGES.rowsRequired })
    .min(1, PDF_MESSAGES.selectionEmpty)
    .max(PDF_MAX_ROWS, PDF_MESSAGES.tooManyRows),
  benefit_cards: z
    .array(z.object({ title: requiredName(PDF_MESSAGES.titleRequired), lines: textList(10) }), {
      error: PDF_MESSAGES.listInvalid,
    })
    .max(PDF_MAX_LIST_ITEMS, PDF_MESSAGES.tooManyItems)
    .nullish()
    .transform((list) => list ?? []),
  synergy_items: z
    .array(
      z.object({
        title: requiredName(PDF_MESSAGES.titleRequired),
        description: optionalText(),
      }),
      { error: PDF_MESSAGES.listInvalid },
    )
    .max(PDF_MAX_LIST_ITEMS, PDF_MESSAGES.tooManyItems)
    .nullish()
    .transform((list) => list ?? []),
  // The receipt sends these too; the server ignores them and recomputes (DESIGN 7.10: the
  // author is the signed-in user, the date is today's).
  totals: z.record(z.string(), z.unknown()).nullish(),
  autor: optionalText(PDF_NAME_MAX_LENGTH),
  data_br: optionalText(PDF_NAME_MAX_LENGTH),
  valor_avulso: money.nullish(),
  valor_pacote: money.nullish(),
});
/** What the web sends. */
export type ProposalPdfPayload = z.input<typeof proposalPdfPayloadSchema>;
/** What the server reads after validation. */
export type ProposalPdfData = z.output<typeof proposalPdfPayloadSchema>;

export const clientCarePdfPayloadSchema = z.object({
  client: z.object(
    {
      // Optional: a guide for a client whose name was not typed says so by leaving the name
      // out, never by printing a placeholder such as 'Cliente' (issue 15).
      full_name: optionalText(PDF_NAME_MAX_LENGTH),
      preferred_name: optionalText(PDF_NAME_MAX_LENGTH),
      pronoun_or_salutation: optionalText(PDF_NAME_MAX_LENGTH),
      important_dates: textList(),
      preferences: textList(),
    },
    { error: PDF_MESSAGES.clientRequired },
  ),
  quick_chips: textList(),
  channels: textList(),
  scheduling: textList(),
  personalization: textList(),
  dos_and_donts: z
    .object({ dos: textList(), donts: textList() })
    .nullish()
    .transform((v) => v ?? { dos: [], donts: [] }),
  sensitivities: z
    .object({
      allergies_or_aversion: textList(),
      privacy_notes: textList(),
      health_flags: textList(),
    })
    .nullish()
    .transform((v) => v ?? { allergies_or_aversion: [], privacy_notes: [], health_flags: [] }),
  relationship: textList(),
  escalation: textList(),
  checklist: textList(),
  // Absent: a guide about the client alone. Sent empty: an empty selection, refused like the
  // proposal's.
  procedures: z
    .array(procedureRef, { error: PDF_MESSAGES.listInvalid })
    .min(1, PDF_MESSAGES.selectionEmpty)
    .max(PDF_MAX_ROWS, PDF_MESSAGES.tooManyRows)
    .nullish()
    .transform((list) => list ?? []),
  // Ignored like the proposal's: the server writes the signed-in user and today's date.
  author: optionalText(PDF_NAME_MAX_LENGTH),
  date_br: optionalText(PDF_NAME_MAX_LENGTH),
});
export type ClientCarePdfPayload = z.input<typeof clientCarePdfPayloadSchema>;
export type ClientCarePdfData = z.output<typeof clientCarePdfPayloadSchema>;

/** '0'/'1' (or 'false'/'true') query flags; absent is false. */
const queryFlag = z
  .enum(['0', '1', 'false', 'true'], { error: PDF_MESSAGES.flagInvalid })
  .optional()
  .transform((v) => v === '1' || v === 'true');

export const clientCarePreviewQuerySchema = z.object({
  ai_only: queryFlag,
  enrich_with_ai: queryFlag,
});
export const clientCareDownloadQuerySchema = z.object({ enrich_with_ai: queryFlag });

export type PdfKind = 'proposal' | 'client-care';

// ---------------------------------------------------------------------------------------------
// Proposal figures

export interface ProposalRowFigures {
  name: string;
  qty: number;
  /** The procedure's standalone price per session. */
  unit: Centavos;
  total: Centavos;
  /**
   * The contracted price of one session of this procedure: the package price apportioned over
   * the sessions by standalone value (apportion.ts, what the contract will state and a
   * cancellation values used sessions at). The first sessions may carry one centavo more; this is
   * the first's. Null without a package price.
   */
  packageUnit: Centavos | null;
  /** Σ of this procedure's contracted session prices (the rows sum to the package price). */
  packageTotal: Centavos | null;
  benefits: string[];
}

export interface ProposalFigures {
  rows: ProposalRowFigures[];
  /** 'Valor Total Avulso': Σ unit × qty. */
  standalone: Centavos;
  /** 'Valor do Pacote': the package's annual value. */
  packageValue: Centavos;
  /** 'Desconto Gerado' only when the package saves; never a negative discount. */
  saving: PackageSaving;
  /** 'Valor Mensal (12x)'. */
  monthly: Centavos;
  totalSessions: number;
}

/** Every figure of a proposal, from the rows and the package price alone (same rules as the receipt). */
export function computeProposalFigures(
  annualValueReais: number,
  rows: readonly Pick<ProposalRow, 'name' | 'unit' | 'qty' | 'benefits'>[],
): ProposalFigures {
  const packageValue = reaisToCentavos(annualValueReais);
  const priced = rows.map((row) => {
    const unit = reaisToCentavos(row.unit);
    return { row, unit, total: unit * row.qty };
  });
  // One priced entry per row (its total) gives the receipt's standalone sum and monthly value.
  const totals = computePackageTotals(
    packageValue,
    priced.map(({ total }) => ({ value: total / 100, cost: 0 })),
  );
  const saving = packageSaving(totals);
  const apportioned =
    packageValue > 0
      ? apportionPackagePrice(
          packageValue,
          priced.map(({ row, unit }, index) => ({
            service_id: index,
            sessions: row.qty,
            unit_value: unit,
          })),
        )
      : null;
  return {
    rows: priced.map(({ row, unit, total }, index) => {
      const line = apportioned?.[index];
      return {
        name: row.name,
        qty: row.qty,
        unit,
        total,
        packageUnit: line ? (line.session_prices[0] ?? 0) : null,
        packageTotal: line ? line.total : null,
        benefits: [...row.benefits],
      };
    }),
    standalone: totals.servicesTotalValue,
    packageValue,
    saving,
    monthly: totals.monthly,
    totalSessions: priced.reduce((sum, { row }) => sum + row.qty, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Numbers in words (pt-BR)

export type GrammaticalGender = 'masculine' | 'feminine';

const UNITS_MASCULINE = [
  'zero',
  'um',
  'dois',
  'três',
  'quatro',
  'cinco',
  'seis',
  'sete',
  'oito',
  'nove',
];
const TEENS = [
  'dez',
  'onze',
  'doze',
  'treze',
  'quatorze',
  'quinze',
  'dezesseis',
  'dezessete',
  'dezoito',
  'dezenove',
];
const TENS = [
  '',
  '',
  'vinte',
  'trinta',
  'quarenta',
  'cinquenta',
  'sessenta',
  'setenta',
  'oitenta',
  'noventa',
];
const HUNDREDS_MASCULINE = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
];
/** Scales above thousands: [singular, plural]; these nouns are masculine whatever is counted. */
const LARGE_SCALES: ReadonlyArray<readonly [string, string]> = [
  ['milhão', 'milhões'],
  ['bilhão', 'bilhões'],
  ['trilhão', 'trilhões'],
];

function unitWord(n: number, gender: GrammaticalGender): string {
  if (gender === 'feminine' && n === 1) return 'uma';
  if (gender === 'feminine' && n === 2) return 'duas';
  return UNITS_MASCULINE[n] ?? '';
}

/** 1–999 in words: 'cento e vinte e um', 'duzentas e duas'. */
function spellGroup(n: number, gender: GrammaticalGender): string {
  if (n === 100) return 'cem';
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) {
    const word = HUNDREDS_MASCULINE[hundreds] ?? '';
    parts.push(gender === 'feminine' && hundreds > 1 ? word.replace(/os$/, 'as') : word);
  }
  if (rest >= 20) {
    parts.push(TENS[Math.floor(rest / 10)] ?? '');
    if (rest % 10 > 0) parts.push(unitWord(rest % 10, gender));
  } else if (rest >= 10) {
    parts.push(TEENS[rest - 10] ?? '');
  } else if (rest > 0) {
    parts.push(unitWord(rest, gender));
  }
  return parts.join(' e ');
}

/**
 * A non-negative integer in pt-BR words: 21 → 'vinte e um', 1.500 → 'um mil e quinhentos',
 * 1.000.000 → 'um milhão'. A thousand is 'um mil', the style of cheques and contracts; with the
 * feminine (counting 'sessões') it is 'mil', as 'uma mil' is not said.
 */
export function spellOutNumberPtBR(value: number, gender: GrammaticalGender = 'masculine'): string {
  if (!Number.isSafeInteger(value) || value < 0 || value >= 1e15) {
    throw new RangeError(`Número fora do intervalo: ${value}`);
  }
  if (value === 0) return 'zero';
  const groups: number[] = []; // least significant first
  for (let rest = value; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);

  const words: Array<{ text: string; group: number }> = [];
  for (let scale = groups.length - 1; scale >= 0; scale--) {
    const group = groups[scale] ?? 0;
    if (group === 0) continue;
    let text: string;
    if (scale === 0) text = spellGroup(group, gender);
    else if (scale === 1) {
      text =
        group === 1
          ? gender === 'masculine'
            ? 'um mil'
            : 'mil'
          : `${spellGroup(group, gender)} mil`;
    } else {
      const [singular, plural] = LARGE_SCALES[scale - 2] ?? ['', ''];
      text = group === 1 ? `um ${singular}` : `${spellGroup(group, 'masculine')} ${plural}`;
    }
    words.push({ text, group });
  }
  // 'e' joins the last group when it is below 100 or a round hundred ('mil e quinhentos',
  // 'mil e vinte'), otherwise groups follow each other ('mil duzentos e trinta').
  let result = words[0]?.text ?? '';
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (!word) continue;
    const isLast = i === words.length - 1;
    const joinWithE = isLast && (word.group < 100 || word.group % 100 === 0);
    result += `${joinWithE ? ' e ' : ' '}${word.text}`;
  }
  return result;
}

/**
 * An amount of money in words: 150050 centavos → 'um mil e quinhentos reais e cinquenta
 * centavos'; 'um milhão de reais'; 'um real'; 'cinquenta centavos'.
 */
export function spellOutBRL(centavos: Centavos): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) {
    throw new RangeError(`Valor fora do intervalo: ${centavos}`);
  }
  const reais = Math.floor(centavos / 100);
  const cents = centavos % 100;
  const parts: string[] = [];
  if (reais > 0 || cents === 0) {
    if (reais === 1) parts.push('um real');
    else {
      // 'um milhão de reais' but 'um milhão e quinhentos mil reais'.
      const exactLargeScale = reais >= 1_000_000 && reais % 1_000_000 === 0;
      parts.push(`${spellOutNumberPtBR(reais)}${exactLargeScale ? ' de' : ''} reais`);
    }
  }
  if (cents > 0) parts.push(cents === 1 ? 'um centavo' : `${spellOutNumberPtBR(cents)} centavos`);
  return parts.join(' e ');
}

/** 'R$ 12.000,00 (doze mil reais)' */
export function formatBRLWithWords(centavos: Centavos): string {
  return `${formatBRL(centavos)} (${spellOutBRL(centavos)})`;
}

const countFormatter = new Intl.NumberFormat('pt-BR');

/** '10 (dez) sessões', '1 (uma) sessão': a count with its words and the noun in agreement. */
export function formatCountWithWords(
  count: number,
  singular: string,
  plural: string,
  gender: GrammaticalGender,
): string {
  return `${countFormatter.format(count)} (${spellOutNumberPtBR(count, gender)}) ${count === 1 ? singular : plural}`;
}

/** '10 (dez) sessões' */
export function formatSessionsWithWords(count: number): string {
  return formatCountWithWords(count, 'sessão', 'sessões', 'feminine');
}

// ---------------------------------------------------------------------------------------------
// File names

/** 'Pacote Essencial 1' → 'pacote-essencial-1': ASCII, lower case, for a download file name. */
export function slugifyPtBR(text: string, fallback: string, maxLength = 60): string {
  const slug = foldAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? fallback : slug;
}

/** 'proposta-pacote-essencial-1-2026-11-22.pdf' / 'cuidados-maria-silva-2026-11-22.pdf' */
export function pdfFileName(kind: PdfKind, subject: string, isoDate: string): string {
  const prefix = kind === 'proposal' ? 'proposta' : 'cuidados';
  const fallback = kind === 'proposal' ? 'pacote' : 'cliente';
  return `${prefix}-${slugifyPtBR(subject, fallback)}-${isoDate}.pdf`;
}
