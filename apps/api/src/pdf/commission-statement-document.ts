import {
  COMMISSION_ENTRY_STATUS_LABELS,
  COMMISSION_SOURCE_TYPE_LABELS,
  formatReais,
  type CommissionStatementView,
} from '@portal/domain';
import {
  COLORS,
  createBrandedDocument,
  finishDocument,
  FONTS,
  PdfWriter,
  type DocumentMeta,
} from './brand.ts';
import { placeAndLongDate } from './format.ts';

export const COMMISSION_STATEMENT_TITLE = 'Extrato de Comissões';

export interface CommissionStatementInput {
  /** The statement as GET /commission-statements/{id}/{period} answers it. */
  statement: CommissionStatementView;
  /** '{rule id}:{version}' → the version's name. */
  ruleNames: Record<string, string>;
  /** 'DD/MM/AAAA' (São Paulo), or null while not yet approved or paid. */
  approvedAt: string | null;
  paidAt: string | null;
  /** The signed-in user who printed it (DESIGN 7.10). */
  author: string;
  issuedAt: Date;
}

/** 'MM/AAAA' of 'AAAA-MM'. */
export function monthLabel(period: string): string {
  return period.split('-').reverse().join('/');
}

/** 'R$ -40,00' in the PDF fonts, which have no U+2212 minus sign. */
const money = (reais: number) => formatReais(reais).replace(/−/g, '-');

/**
 * A professional's monthly commission statement (issue 30): every entry on a line of its own —
 * its source, the contract, the rule and version, the base and the amount, reversals named as
 * such — then the adjustments, the gross and the net, so the professional can check each figure
 * (Lei 13.352/2016, salão-parceiro: the partner's account is itemised). Drawn from the statement
 * the API answers, never recomputed here.
 */
export function renderCommissionStatementPdf(input: CommissionStatementInput): Promise<Buffer> {
  const { statement } = input;
  const month = monthLabel(statement.period);
  const meta: DocumentMeta = {
    documentTitle: COMMISSION_STATEMENT_TITLE,
    metadataTitle: `${COMMISSION_STATEMENT_TITLE} - ${statement.professional_name} - ${month}`,
    subject: `${COMMISSION_STATEMENT_TITLE} ${month}`,
    author: input.author,
    documentDate: input.issuedAt,
  };
  const doc = createBrandedDocument(meta);
  const writer = new PdfWriter(doc);
  writer.title(COMMISSION_STATEMENT_TITLE, `${statement.professional_name} · ${month}`);

  writer.heading('Extrato');
  writer.labelValue('Profissional', statement.professional_name);
  writer.labelValue('Unidade', statement.unit ?? '—');
  writer.labelValue('Mês', month);
  writer.labelValue('Situação', statement.status_label);
  if (input.approvedAt) {
    writer.labelValue('Aprovado em', `${input.approvedAt} por ${statement.approved_by ?? '—'}`);
  }
  if (input.paidAt) writer.labelValue('Pago em', `${input.paidAt} por ${statement.paid_by ?? '—'}`);
  writer.gap(6);

  writer.heading(`Lançamentos (${statement.entries.length})`);
  if (statement.entries.length === 0) {
    writer.paragraph('Nenhum lançamento neste mês.', { size: 9.5, color: COLORS.muted });
  }
  for (const entry of statement.entries) {
    const rule =
      input.ruleNames[`${entry.rule_id}:${entry.rule_version}`] ?? `Regra ${entry.rule_id}`;
    const source = COMMISSION_SOURCE_TYPE_LABELS[entry.source_type];
    const label = entry.reverses ? `Estorno · ${source}` : source;
    writer.labelValue(
      `${label} · contrato ${entry.contract_id}`,
      `${rule} (v${entry.rule_version}) · base ${money(entry.base)} · comissão ${money(entry.amount)} · ${COMMISSION_ENTRY_STATUS_LABELS[entry.status]}`,
      9.5,
    );
  }
  writer.gap(6);

  writer.heading('Ajustes');
  if (statement.adjustments.length === 0) {
    writer.paragraph('Nenhum ajuste neste mês.', { size: 9.5, color: COLORS.muted });
  }
  for (const adjustment of statement.adjustments) {
    writer.labelValue(adjustment.reason, money(adjustment.amount), 9.5);
  }
  writer.gap(6);

  writer.heading('Totais');
  writer.labelValue('Bruto (lançamentos)', money(statement.gross));
  writer.labelValue('Líquido (com ajustes)', money(statement.net));

  writer.gap(24);
  writer.ensureSpace(80);
  writer.paragraph(
    'Valores em reais; comissões calculadas em centavos, com um único arredondamento por lançamento. Um estorno anula um lançamento anterior sem alterá-lo.',
    { size: 9, color: COLORS.muted },
  );
  writer.gap(10);
  writer.paragraph(`Emitido por ${input.author}`, { font: FONTS.bold, size: 9.5 });
  writer.paragraph(placeAndLongDate(input.issuedAt), { size: 9.5 });

  return finishDocument(doc, meta, `${COMMISSION_STATEMENT_TITLE} · ${month}`);
}
