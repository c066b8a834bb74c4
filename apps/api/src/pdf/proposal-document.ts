import {
  ACCEPT_TERMS_TEXT,
  formatBRL,
  formatBRLWithWords,
  formatPercent,
  formatSessionsWithWords,
  INSTALMENTS_PER_YEAR,
  PACKAGE_BENEFITS_NOTE,
  PROPOSAL_VALIDITY_DAYS,
  spellOutNumberPtBR,
  WITHDRAWAL_NOTICE,
  type ProposalAcceptance,
  type ProposalFigures,
} from '@portal/domain';
import {
  COLORS,
  createBrandedDocument,
  finishDocument,
  FONTS,
  pdfText,
  PdfWriter,
  type DocumentMeta,
} from './brand.ts';
import { addDays, placeAndLongDate, shortDate } from './format.ts';

export const PROPOSAL_TITLE = 'Proposta de Pacote Anual';

export interface ProposalDocumentInput {
  clientName: string | undefined;
  packageName: string;
  /** Recomputed from the rows in centavos; nothing here comes from the client's totals. */
  figures: ProposalFigures;
  benefitCards: ReadonlyArray<{ title: string; lines: readonly string[] }>;
  synergyItems: ReadonlyArray<{ title: string; description?: string | undefined }>;
  /** The signed-in user (DESIGN 7.10). */
  author: string;
  issuedAt: Date;
  /** Days the prices hold (a saved proposal's own validity); PROPOSAL_VALIDITY_DAYS otherwise. */
  validDays?: number;
  /**
   * A saved proposal's acceptance: an evidence page is drawn after the proposal. Data, not a
   * drawing callback, so the document can be drawn in a worker thread (render-pool.ts).
   */
  evidence?: ProposalEvidence;
}

export interface ProposalEvidence extends ProposalAcceptance {
  number: string;
  version: number;
}

/** The A4 proposal a clinic hands to a client. */
export function renderProposalPdf(input: ProposalDocumentInput): Promise<Buffer> {
  const validUntil = shortDate(addDays(input.issuedAt, input.validDays ?? PROPOSAL_VALIDITY_DAYS));
  const meta: DocumentMeta = {
    documentTitle: PROPOSAL_TITLE,
    metadataTitle: `${PROPOSAL_TITLE} - ${input.packageName}`,
    subject: input.clientName ? `Proposta para ${input.clientName}` : PROPOSAL_TITLE,
    author: input.author,
    // Its own date, not the time of drawing: the same proposal gives the same bytes.
    documentDate: input.issuedAt,
  };
  const doc = createBrandedDocument(meta);
  const writer = new PdfWriter(doc);

  writer.title(PROPOSAL_TITLE, 'Plano personalizado de procedimentos estéticos para 12 meses');
  // Without a name the box has no 'Cliente' entry rather than a placeholder (issue 15).
  drawSummaryBox(writer, [
    ...(input.clientName ? [['Cliente', input.clientName] as [string, string]] : []),
    ['Pacote', input.packageName],
    ['Emitida em', shortDate(input.issuedAt)],
    ['Válida até', validUntil],
  ]);

  writer.heading('Procedimentos incluídos', 60);
  drawProceduresTable(writer, input.figures);
  drawTotals(writer, input.figures);
  drawValuesInWords(writer, input.figures);
  drawBenefitCards(writer, input.benefitCards);
  drawSynergies(writer, input.synergyItems);
  drawClosing(writer, input, validUntil);
  if (input.evidence) {
    writer.newPage();
    drawEvidencePage(writer, input.evidence);
  }

  return finishDocument(
    doc,
    meta,
    `${PROPOSAL_TITLE} · ${input.packageName} · válida até ${validUntil}`,
  );
}

/** Two columns of 'RÓTULO / valor' on a tinted box. */
function drawSummaryBox(writer: PdfWriter, entries: ReadonlyArray<[string, string]>): void {
  const { doc } = writer;
  const pad = 12;
  const gutter = 16;
  const columnWidth = (writer.width - pad * 2 - gutter) / 2;
  const rows: Array<Array<[string, string]>> = [];
  for (let i = 0; i < entries.length; i += 2) rows.push(entries.slice(i, i + 2));
  const rowHeights = rows.map((row) =>
    Math.max(
      ...row.map(([, value]) => 11 + writer.measure(pdfText(value), FONTS.bold, 10.5, columnWidth)),
    ),
  );
  const height = pad * 2 + rowHeights.reduce((sum, h) => sum + h, 0) + (rows.length - 1) * 8;
  writer.ensureSpace(height);
  const top = doc.y;
  doc.roundedRect(writer.left, top, writer.width, height, 6).fill(COLORS.primaryLight);
  let y = top + pad;
  rows.forEach((row, rowIndex) => {
    row.forEach(([label, value], columnIndex) => {
      const x = writer.left + pad + columnIndex * (columnWidth + gutter);
      doc.font(FONTS.bold).fontSize(7.5).fillColor(COLORS.muted);
      doc.text(label.toUpperCase(), x, y, { width: columnWidth, characterSpacing: 0.6 });
      doc.font(FONTS.bold).fontSize(10.5).fillColor(COLORS.text);
      doc.text(pdfText(value), x, y + 11, { width: columnWidth });
    });
    y += (rowHeights[rowIndex] ?? 0) + 8;
  });
  doc.x = writer.left;
  doc.y = top + height + 18;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'center' | 'right';
}

const CELL_PAD = 6;
const HEADER_HEIGHT = 22;
/** Benefits under a procedure's name are a reminder, not the catalogue: at most 4 small lines. */
const BENEFITS_MAX_HEIGHT = 38;

function tableColumns(width: number): Column[] {
  const sessions = 58;
  const money = 92;
  return [
    { title: 'Procedimento', width: width - sessions - money * 2, align: 'left' },
    { title: 'Sessões', width: sessions, align: 'center' },
    { title: 'Valor Unitário', width: money, align: 'right' },
    { title: 'Valor Total', width: money, align: 'right' },
  ];
}

function drawTableHeader(writer: PdfWriter, columns: Column[]): void {
  const { doc } = writer;
  const top = doc.y;
  doc.rect(writer.left, top, writer.width, HEADER_HEIGHT).fill(COLORS.primary);
  let x = writer.left;
  doc.font(FONTS.bold).fontSize(9).fillColor(COLORS.white);
  for (const column of columns) {
    doc.text(column.title, x + CELL_PAD, top + 7, {
      width: column.width - CELL_PAD * 2,
      align: column.align,
      lineBreak: false,
    });
    x += column.width;
  }
  doc.y = top + HEADER_HEIGHT;
}

function drawProceduresTable(writer: PdfWriter, figures: ProposalFigures): void {
  const { doc } = writer;
  const columns = tableColumns(writer.width);
  const nameWidth = (columns[0]?.width ?? 200) - CELL_PAD * 2;
  writer.ensureSpace(HEADER_HEIGHT + 30);
  drawTableHeader(writer, columns);

  if (figures.rows.length === 0) {
    doc.font(FONTS.italic).fontSize(9.5).fillColor(COLORS.muted);
    doc.text('Nenhum procedimento selecionado.', writer.left + CELL_PAD, doc.y + 8, {
      width: writer.width - CELL_PAD * 2,
    });
    doc.y += 8;
    return;
  }

  figures.rows.forEach((row, index) => {
    const name = pdfText(row.name);
    const benefits = row.benefits.map(pdfText).filter(Boolean).join('  •  ');
    const nameHeight = writer.measure(name, FONTS.bold, 9.5, nameWidth);
    const benefitsHeight = benefits
      ? Math.min(writer.measure(benefits, FONTS.regular, 7.5, nameWidth), BENEFITS_MAX_HEIGHT)
      : 0;
    const rowHeight = Math.max(24, CELL_PAD * 2 + nameHeight + (benefits ? 3 + benefitsHeight : 0));
    // A row never splits; when it does not fit, the table continues on a new page with its header.
    if (writer.ensureSpace(rowHeight)) drawTableHeader(writer, columns);
    const top = doc.y;
    if (index % 2 === 1) doc.rect(writer.left, top, writer.width, rowHeight).fill(COLORS.zebra);

    let x = writer.left;
    const textTop = top + CELL_PAD + 1;
    doc.font(FONTS.bold).fontSize(9.5).fillColor(COLORS.text);
    doc.text(name, x + CELL_PAD, textTop, { width: nameWidth, lineGap: 1 });
    if (benefits) {
      doc.font(FONTS.regular).fontSize(7.5).fillColor(COLORS.muted);
      doc.text(benefits, x + CELL_PAD, textTop + nameHeight + 3, {
        width: nameWidth,
        height: benefitsHeight,
        ellipsis: true,
        lineGap: 1,
      });
    }
    const cells = [String(row.qty), formatBRL(row.unit), formatBRL(row.total)];
    doc.font(FONTS.regular).fontSize(9.5).fillColor(COLORS.text);
    columns.slice(1).forEach((column, cellIndex) => {
      x += columns[cellIndex]?.width ?? 0;
      doc.text(cells[cellIndex] ?? '', x + CELL_PAD, textTop, {
        width: column.width - CELL_PAD * 2,
        align: column.align,
        lineBreak: false,
      });
    });
    doc
      .moveTo(writer.left, top + rowHeight)
      .lineTo(writer.right, top + rowHeight)
      .lineWidth(0.5)
      .strokeColor(COLORS.border)
      .stroke();
    doc.x = writer.left;
    doc.y = top + rowHeight;
  });
}

/**
 * The receipt's footer rows, right-aligned under the table. 'Desconto Gerado' is printed only
 * when the package saves something; otherwise the box says what the package gives instead.
 */
function drawTotals(writer: PdfWriter, figures: ProposalFigures): void {
  const { doc } = writer;
  const { saving } = figures;
  const lines: Array<{ label: string; value: string; strong?: boolean }> = [
    { label: 'Valor Total Avulso', value: formatBRL(figures.standalone) },
    { label: 'Valor do Pacote', value: formatBRL(figures.packageValue), strong: true },
    ...(saving.kind === 'saving'
      ? [
          {
            label: `Desconto Gerado (${formatPercent(saving.percent)})`,
            value: formatBRL(saving.amount),
          },
        ]
      : []),
    { label: `Valor Mensal (${INSTALMENTS_PER_YEAR}x)`, value: formatBRL(figures.monthly) },
  ];
  const lineHeight = 19;
  const boxWidth = 280;
  const height = lines.length * lineHeight + 12;
  writer.gap(10);
  writer.ensureSpace(height);
  const top = doc.y;
  const x = writer.right - boxWidth;
  doc.roundedRect(x, top, boxWidth, height, 5).lineWidth(0.8).strokeColor(COLORS.border).stroke();
  lines.forEach((line, index) => {
    const y = top + 6 + index * lineHeight;
    if (line.strong) doc.rect(x + 1, y, boxWidth - 2, lineHeight).fill(COLORS.primaryLight);
    doc
      .font(line.strong ? FONTS.bold : FONTS.regular)
      .fontSize(10)
      .fillColor(line.strong ? COLORS.primary : COLORS.text);
    doc.text(line.label, x + 10, y + 5, { width: boxWidth - 120, lineBreak: false });
    doc.font(FONTS.bold).text(line.value, x + boxWidth - 120, y + 5, {
      width: 110,
      align: 'right',
      lineBreak: false,
    });
  });
  doc.x = writer.left;
  doc.y = top + height + 10;
  if (saving.kind !== 'saving') {
    doc.font(FONTS.regular).fontSize(9).fillColor(COLORS.muted);
    doc.text(PACKAGE_BENEFITS_NOTE, x, doc.y, { width: boxWidth, align: 'right' });
    doc.x = writer.left;
  }
  writer.gap(8);
}

/**
 * Sessions, total price and price per session in figures and in words, as consumer-protection
 * guidance asks of aesthetics contracts. A session's price is given per procedure: the package
 * divided by every session would mix a R$ 180 cleansing with a R$ 2.600 filler.
 */
function drawValuesInWords(writer: PdfWriter, figures: ProposalFigures): void {
  writer.heading('Condições e valores por extenso');
  writer.labelValue('Quantidade total de sessões', formatSessionsWithWords(figures.totalSessions));
  writer.labelValue('Valor total do pacote', formatBRLWithWords(figures.packageValue));
  writer.labelValue(
    'Forma de pagamento',
    `${INSTALMENTS_PER_YEAR} (${spellOutNumberPtBR(INSTALMENTS_PER_YEAR, 'feminine')}) parcelas mensais de ${formatBRLWithWords(figures.monthly)}`,
  );
  writer.labelValue('Valor dos procedimentos avulsos', formatBRLWithWords(figures.standalone));
  if (figures.rows.length > 0) {
    writer.gap(4);
    writer.subheading('Valor por sessão');
    for (const row of figures.rows) {
      // The contracted price (the package apportioned by standalone value): what the contract
      // states per session and what a cancellation values a used session at.
      const inPackage =
        row.packageUnit === null || row.packageTotal === null
          ? ''
          : `; no pacote, ${formatBRLWithWords(row.packageUnit)} por sessão (preço contratado), ${formatBRLWithWords(row.packageTotal)} no total`;
      writer.labelValue(
        row.name,
        `${formatSessionsWithWords(row.qty)}, ${formatBRLWithWords(row.unit)} por sessão avulsa${inPackage}`,
        9.5,
      );
    }
    if (figures.saving.kind === 'saving') {
      writer.paragraph(
        'No pacote, cada sessão custa o seu valor avulso com o mesmo desconto do pacote; a soma das sessões é o valor do pacote.',
        { size: 8.5, color: COLORS.muted },
      );
    }
  }
  writer.gap(8);
}

/** Cards two per row; a card's text stops (with an ellipsis) rather than fill a page. */
function drawBenefitCards(
  writer: PdfWriter,
  cards: ReadonlyArray<{ title: string; lines: readonly string[] }>,
): void {
  if (cards.length === 0) return;
  const { doc } = writer;
  writer.heading('Benefícios', 80);
  const gutter = 12;
  const pad = 10;
  const cardWidth = (writer.width - gutter) / 2;
  const textWidth = cardWidth - pad * 2 - 4;
  const bodyMaxHeight = 160;
  const prepared = cards.map((card) => {
    const title = pdfText(card.title);
    const body = card.lines
      .map(pdfText)
      .filter(Boolean)
      .map((line) => `•  ${line}`)
      .join('\n');
    const titleHeight = writer.measure(title, FONTS.bold, 10, textWidth);
    const bodyHeight = body
      ? Math.min(writer.measure(body, FONTS.regular, 8.5, textWidth), bodyMaxHeight)
      : 0;
    return {
      title,
      body,
      titleHeight,
      bodyHeight,
      height: pad * 2 + titleHeight + (body ? 4 + bodyHeight : 0),
    };
  });
  for (let i = 0; i < prepared.length; i += 2) {
    const pair = prepared.slice(i, i + 2);
    const height = Math.max(...pair.map((card) => card.height));
    writer.ensureSpace(height);
    const top = doc.y;
    pair.forEach((card, column) => {
      const x = writer.left + column * (cardWidth + gutter);
      doc.roundedRect(x, top, cardWidth, height, 6).fill(COLORS.primaryLight);
      doc.rect(x, top + 6, 3, height - 12).fill(COLORS.accent);
      doc.font(FONTS.bold).fontSize(10).fillColor(COLORS.primary);
      doc.text(card.title, x + pad + 4, top + pad, { width: textWidth });
      if (card.body) {
        doc.font(FONTS.regular).fontSize(8.5).fillColor(COLORS.text);
        doc.text(card.body, x + pad + 4, top + pad + card.titleHeight + 4, {
          width: textWidth,
          height: card.bodyHeight,
          ellipsis: true,
          lineGap: 1,
        });
      }
    });
    doc.x = writer.left;
    doc.y = top + height + gutter;
  }
  writer.gap(6);
}

function drawSynergies(
  writer: PdfWriter,
  items: ReadonlyArray<{ title: string; description?: string | undefined }>,
): void {
  if (items.length === 0) return;
  writer.heading('Sinergias entre os procedimentos');
  for (const item of items) {
    const title = pdfText(item.title);
    const description = item.description ? pdfText(item.description) : '';
    const height =
      writer.measure(title, FONTS.bold, 10, writer.width) +
      (description ? writer.measure(description, FONTS.regular, 9.5, writer.width) + 2 : 0);
    writer.ensureSpace(Math.min(height, writer.pageContentHeight));
    writer.doc.font(FONTS.bold).fontSize(10).fillColor(COLORS.primary);
    writer.doc.text(title, writer.left, writer.doc.y, { width: writer.width });
    if (description) {
      writer.doc.font(FONTS.regular).fontSize(9.5).fillColor(COLORS.text);
      writer.doc.text(description, writer.left, writer.doc.y + 2, {
        width: writer.width,
        lineGap: 1,
      });
    }
    writer.gap(8);
  }
}

/** Validity, place and date, and the two signature lines. */
function drawClosing(writer: PdfWriter, input: ProposalDocumentInput, validUntil: string): void {
  const { doc } = writer;
  writer.gap(6);
  writer.ensureSpace(150);
  writer.paragraph(
    `Proposta válida por ${input.validDays ?? PROPOSAL_VALIDITY_DAYS} (${spellOutNumberPtBR(input.validDays ?? PROPOSAL_VALIDITY_DAYS, 'masculine')}) dias a partir da data de emissão, até ${validUntil}. Após esse prazo, valores e condições podem ser revistos. Os resultados dos procedimentos variam de pessoa para pessoa e dependem de avaliação profissional.`,
    { size: 8.5, color: COLORS.muted },
  );
  writer.gap(10);
  writer.paragraph(placeAndLongDate(input.issuedAt), { size: 10 });
  writer.gap(34);
  const lineWidth = 210;
  const top = doc.y;
  const signatures: Array<[number, string, string]> = [
    [writer.left, input.author, 'Responsável pela proposta'],
    // No name typed: the line stays blank for the client to sign, with no placeholder.
    [writer.right - lineWidth, input.clientName ?? '', 'Assinatura da cliente'],
  ];
  for (const [x, name, role] of signatures) {
    doc
      .moveTo(x, top)
      .lineTo(x + lineWidth, top)
      .lineWidth(0.7)
      .strokeColor(COLORS.text)
      .stroke();
    const safeName = pdfText(name);
    const nameHeight = safeName
      ? Math.min(writer.measure(safeName, FONTS.bold, 9.5, lineWidth), 24)
      : 0;
    if (safeName) {
      doc.font(FONTS.bold).fontSize(9.5).fillColor(COLORS.text);
      doc.text(safeName, x, top + 5, {
        width: lineWidth,
        align: 'center',
        height: nameHeight,
        ellipsis: true,
      });
    }
    doc.font(FONTS.regular).fontSize(8.5).fillColor(COLORS.muted);
    doc.text(role, x, top + 7 + nameHeight, {
      width: lineWidth,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.x = writer.left;
  doc.y = top + 50;
}

/** The acceptance evidence: who accepted, when, from where, and the hash of what was accepted. */
function drawEvidencePage(writer: PdfWriter, evidence: ProposalEvidence): void {
  writer.title('Evidências de aceite', `Proposta ${evidence.number}, versão ${evidence.version}`);
  writer.paragraph(
    'A cliente aceitou esta proposta pelo link enviado pela clínica, digitando o nome completo e ' +
      'marcando a concordância com os termos abaixo. Os dados a seguir foram registrados no momento do aceite.',
    { size: 10 },
  );
  writer.gap(8);
  writer.labelValue(
    'Aceita em',
    new Date(evidence.accepted_at).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }),
  );
  writer.labelValue('Nome digitado', evidence.full_name);
  writer.labelValue('Endereço IP', evidence.ip);
  writer.labelValue('Navegador', evidence.user_agent);
  writer.labelValue('SHA-256 do documento aceito', evidence.document_sha256);
  writer.gap(8);
  writer.paragraph(`Termos: ${ACCEPT_TERMS_TEXT}`, { size: 9, color: COLORS.muted });
  writer.paragraph(WITHDRAWAL_NOTICE, { size: 9, color: COLORS.muted });
  writer.paragraph(
    'O SHA-256 identifica o documento da proposta exatamente como foi aceito (as páginas anteriores, ' +
      'sem esta página de evidências). A proposta gerada de novo sem esta página tem exatamente ' +
      'este SHA-256, o que a clínica pode conferir a qualquer momento.',
    { size: 8.5, color: COLORS.muted },
  );
}
