import { formatPercent, formatReais, type CancellationQuote } from '@portal/domain';
import {
  COLORS,
  createBrandedDocument,
  finishDocument,
  FONTS,
  PdfWriter,
  type DocumentMeta,
} from './brand.ts';
import { placeAndLongDate } from './format.ts';

export const CANCELLATION_TERM_TITLE = 'Termo de Cancelamento de Contrato';
export const WITHDRAWAL_TERM_TITLE = 'Termo de Desistência de Contrato';

export interface CancellationTermInput {
  kind: 'cancel' | 'withdraw';
  number: string;
  clientName: string;
  unit: string;
  packageName: string;
  /** 'DD/MM/AAAA' of the acceptance and of the end (São Paulo days). */
  acceptedOn: string;
  endedOn: string;
  channel: 'link' | 'presencial';
  priceTotal: number;
  lines: ReadonlyArray<{
    name: string;
    sessions_total: number;
    sessions_used: number;
    unit_price: number;
    total_value: number;
    used_value: number;
  }>;
  /** The quote the end applied, as it was recorded. */
  quote: CancellationQuote;
  reason: string | null;
  recordedBy: string;
  /** The signed-in user who printed it (DESIGN 7.10). */
  author: string;
  issuedAt: Date;
}

const sessions = (count: number) => `${count} ${count === 1 ? 'sessão' : 'sessões'}`;

/**
 * The term a client takes home when her contract is cancelled or withdrawn (issue 28): the
 * contract, each procedure with its contracted price per session and what was used, and the quote
 * applied with its rule, so she can check every figure. Drawn from the ledger's records, never
 * recomputed at print time.
 */
export function renderCancellationTermPdf(input: CancellationTermInput): Promise<Buffer> {
  const title = input.kind === 'cancel' ? CANCELLATION_TERM_TITLE : WITHDRAWAL_TERM_TITLE;
  const meta: DocumentMeta = {
    documentTitle: title,
    metadataTitle: `${title} - ${input.number}`,
    subject: `${title} ${input.number}`,
    author: input.author,
    documentDate: input.issuedAt,
  };
  const doc = createBrandedDocument(meta);
  const writer = new PdfWriter(doc);
  writer.title(title, `Contrato ${input.number} · ${input.packageName}`);

  writer.heading('Contrato');
  writer.labelValue('Cliente', input.clientName);
  writer.labelValue('Unidade', input.unit);
  writer.labelValue(
    'Aceite',
    `${input.acceptedOn} (${input.channel === 'link' ? 'pelo link, à distância' : 'presencial'})`,
  );
  writer.labelValue('Valor total contratado', formatReais(input.priceTotal));
  writer.labelValue(
    input.kind === 'cancel' ? 'Cancelado em' : 'Desistência registrada em',
    input.endedOn,
  );
  if (input.reason) writer.labelValue('Motivo', input.reason);
  writer.gap(6);

  writer.heading('Procedimentos, preço contratado por sessão e uso');
  for (const line of input.lines) {
    writer.labelValue(
      line.name,
      `${sessions(line.sessions_total)} por ${formatReais(line.total_value)} (${formatReais(line.unit_price)} por sessão); ` +
        `${sessions(line.sessions_used)} realizada(s), ${formatReais(line.used_value)}`,
      9.5,
    );
  }
  writer.gap(6);

  writer.heading(input.kind === 'cancel' ? 'Cálculo do cancelamento' : 'Cálculo da desistência');
  const { quote } = input;
  writer.labelValue('Valor pago', formatReais(quote.paid));
  writer.labelValue(
    'Sessões realizadas ao preço contratado',
    `${sessions(quote.used_sessions)}, ${formatReais(quote.used_value)}`,
  );
  if (input.kind === 'cancel') {
    writer.labelValue(
      `Multa sobre a parte não usada (${formatPercent(quote.fee_percent)})`,
      formatReais(quote.fee),
    );
  }
  writer.labelValue('Valor a devolver', formatReais(quote.refund_due));
  writer.gap(2);
  // The PDF fonts have no U+2212 minus sign.
  writer.paragraph(quote.rule.replace(/−/g, '-'), { size: 9.5, color: COLORS.muted });
  if (input.kind === 'withdraw') {
    writer.paragraph(
      'Desistência no prazo de 7 dias de uma contratação à distância (Código de Defesa do Consumidor, art. 49): todo valor pago é devolvido, sem multa.',
      { size: 9.5 },
    );
  }

  writer.gap(24);
  writer.ensureSpace(120);
  writer.paragraph('_______________________________________________');
  writer.paragraph(`Cliente: ${input.clientName}`, { size: 9.5 });
  writer.gap(18);
  writer.paragraph('_______________________________________________');
  writer.paragraph(`Pela clínica: ${input.recordedBy}`, { size: 9.5 });
  writer.gap(10);
  writer.paragraph(`Emitido por ${input.author}`, { font: FONTS.bold, size: 9.5 });
  writer.paragraph(placeAndLongDate(input.issuedAt), { size: 9.5 });

  return finishDocument(doc, meta, `${title} · ${input.number}`);
}
