import PDFDocument from 'pdfkit';
import { escapeXmpMetadata, metadataText } from './metadata.ts';

/**
 * What every Portal Estética document shares: A4 pages, the brand's colors and fonts, the header
 * band and the 'Página 1 de 2' footer, and a small writer that keeps content off the footer and
 * starts a new page when a block would not fit.
 *
 * Fonts are pdfkit's standard Helvetica family: no font files to ship, and their WinAnsi encoding
 * covers every pt-BR letter (ç ã é õ …). Text outside WinAnsi is folded or replaced first
 * (`pdfText`), because pdfkit would otherwise write bytes the viewer cannot show.
 */

export const BRAND_NAME = 'Portal Estética';

export const COLORS = {
  primary: '#7A2E55',
  primaryLight: '#F5EAF0',
  accent: '#C98BA9',
  text: '#2B2B2B',
  muted: '#6B6470',
  border: '#E2D3DB',
  zebra: '#FBF7F9',
  positive: '#2F7D4F',
  negative: '#B3261E',
  white: '#FFFFFF',
} as const;

export const FONTS = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
} as const;

const PAGE_MARGINS = { top: 64, bottom: 62, left: 50, right: 50 };

export type PdfDoc = PDFKit.PDFDocument;

export interface DocumentMeta {
  /** The document's name, shown in the header band of every page. */
  documentTitle: string;
  /** PDF metadata title (the viewer's window title). */
  metadataTitle: string;
  subject: string;
  author: string;
  /**
   * The document's own date, written as its CreationDate and ModDate. pdfkit otherwise stamps the
   * time of drawing, and derives the file ID from it: a stored proposal drawn with its own date
   * gives the same bytes every time, so the SHA-256 recorded at acceptance can be recomputed
   * (docs/decisions/0015-reproducible-proposal-pdf.md).
   */
  documentDate?: Date;
}

/** A buffered A4 document (pages stay in memory so the footer can say 'de N'). */
export function createBrandedDocument(meta: DocumentMeta): PdfDoc {
  const doc = new PDFDocument({
    size: 'A4',
    margins: PAGE_MARGINS,
    bufferPages: true,
    lang: 'pt-BR',
    displayTitle: true,
    pdfVersion: '1.7',
    // Names typed by users: the visible text only, and XML-escaped in the XMP (metadata.ts).
    info: {
      Title: metadataText(meta.metadataTitle),
      Author: metadataText(meta.author),
      Subject: metadataText(meta.subject),
      Creator: BRAND_NAME,
      Producer: BRAND_NAME,
      ...(meta.documentDate ? { CreationDate: meta.documentDate, ModDate: meta.documentDate } : {}),
    },
  });
  escapeXmpMetadata(doc);
  return doc;
}

/**
 * Draws the header band and the footer on every page, then ends the document and resolves with
 * its bytes.
 */
export function finishDocument(
  doc: PdfDoc,
  meta: DocumentMeta,
  footerNote: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    drawHeaderBand(doc, meta.documentTitle);
    drawFooter(doc, pdfText(footerNote), `Página ${index - range.start + 1} de ${range.count}`);
  }
  doc.flushPages();
  doc.end();
  return done;
}

function drawHeaderBand(doc: PdfDoc, documentTitle: string): void {
  const { width } = doc.page;
  const left = PAGE_MARGINS.left;
  const right = width - PAGE_MARGINS.right;
  doc.save();
  doc.rect(0, 0, width, 6).fill(COLORS.primary);
  doc
    .font(FONTS.bold)
    .fontSize(11)
    .fillColor(COLORS.primary)
    .text(BRAND_NAME, left, 22, { lineBreak: false });
  doc
    .font(FONTS.regular)
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(pdfText(documentTitle), left, 24, {
      width: right - left,
      align: 'right',
      lineBreak: false,
    });
  doc.moveTo(left, 42).lineTo(right, 42).lineWidth(0.6).strokeColor(COLORS.border).stroke();
  doc.restore();
}

function drawFooter(doc: PdfDoc, note: string, pageLabel: string): void {
  const { width, height } = doc.page;
  const left = PAGE_MARGINS.left;
  const right = width - PAGE_MARGINS.right;
  const y = height - PAGE_MARGINS.bottom + 22;
  // Writing below the bottom margin would make pdfkit open a new page; lift the margin first.
  doc.page.margins.bottom = 0;
  doc.save();
  doc
    .moveTo(left, y - 8)
    .lineTo(right, y - 8)
    .lineWidth(0.6)
    .strokeColor(COLORS.border)
    .stroke();
  doc.font(FONTS.regular).fontSize(8).fillColor(COLORS.muted);
  const labelWidth = doc.widthOfString(pageLabel);
  doc.text(note, left, y, {
    width: right - left - labelWidth - 16,
    lineBreak: false,
    ellipsis: true,
    height: 10,
  });
  doc.text(pageLabel, right - labelWidth, y, { lineBreak: false });
  doc.restore();
}

// ---------------------------------------------------------------------------------------------

/** Code points beyond Latin-1 that WinAnsi still has (curly quotes, dashes, bullet, euro, …). */
const WIN_ANSI_EXTRAS = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x017e, 0x0178,
]);

function isWinAnsi(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    WIN_ANSI_EXTRAS.has(codePoint)
  );
}

/**
 * Text the standard fonts can draw: accents composed (NFC), tabs and line breaks as spaces, other
 * letters folded to their base letter when WinAnsi lacks them ('ă' → 'a'), unknown letters and
 * digits as '?', and emoji and other symbols dropped.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (isWinAnsi(codePoint)) {
      out += char;
    } else if (/\s/u.test(char)) {
      out += ' ';
    } else {
      const folded = char.normalize('NFD').replace(/\p{M}/gu, '');
      if (folded !== '' && [...folded].every((c) => isWinAnsi(c.codePointAt(0) ?? 0)))
        out += folded;
      else if (/[\p{L}\p{N}]/u.test(char)) out += '?';
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/**
 * Lays content out top to bottom between the margins, opening a new page when the next block
 * would run into the footer.
 */
export class PdfWriter {
  constructor(readonly doc: PdfDoc) {}

  get left(): number {
    return this.doc.page.margins.left;
  }
  get right(): number {
    return this.doc.page.width - this.doc.page.margins.right;
  }
  get width(): number {
    return this.right - this.left;
  }
  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }
  get y(): number {
    return this.doc.y;
  }
  set y(value: number) {
    this.doc.y = value;
  }
  /** Room for content on an empty page. */
  get pageContentHeight(): number {
    return this.bottom - this.doc.page.margins.top;
  }

  /** Opens a new page unless `height` points still fit; answers whether it did. */
  ensureSpace(height: number): boolean {
    if (this.doc.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.doc.addPage();
    this.doc.x = this.left;
    this.doc.y = this.doc.page.margins.top;
  }

  gap(points: number): void {
    this.doc.y += points;
  }

  /** Height of `text` in the given font and size across `width`. */
  measure(text: string, font: string, size: number, width: number, lineGap = 1): number {
    return this.doc.font(font).fontSize(size).heightOfString(text, { width, lineGap });
  }

  /** Page title: the document's name, big, with an optional line under it. */
  title(text: string, subtitle?: string): void {
    const { doc } = this;
    doc.font(FONTS.bold).fontSize(22).fillColor(COLORS.text);
    doc.text(pdfText(text), this.left, doc.y, { width: this.width });
    if (subtitle) {
      doc.font(FONTS.regular).fontSize(10).fillColor(COLORS.muted);
      doc.text(pdfText(subtitle), this.left, doc.y + 2, { width: this.width });
    }
    this.gap(8);
    doc
      .moveTo(this.left, doc.y)
      .lineTo(this.left + 60, doc.y)
      .lineWidth(2)
      .strokeColor(COLORS.primary)
      .stroke();
    this.gap(14);
  }

  /**
   * A section heading, kept on the same page as at least `keepWith` points of what follows.
   */
  heading(text: string, keepWith = 40): void {
    const { doc } = this;
    const height = this.measure(pdfText(text), FONTS.bold, 12.5, this.width) + 10;
    this.ensureSpace(height + keepWith);
    doc.font(FONTS.bold).fontSize(12.5).fillColor(COLORS.primary);
    doc.text(pdfText(text), this.left, doc.y, { width: this.width });
    const lineY = doc.y + 2;
    doc
      .moveTo(this.left, lineY)
      .lineTo(this.right, lineY)
      .lineWidth(0.6)
      .strokeColor(COLORS.border)
      .stroke();
    doc.y = lineY + 8;
  }

  /** A sub-heading inside a section. */
  subheading(text: string): void {
    const height = this.measure(pdfText(text), FONTS.bold, 10.5, this.width);
    this.ensureSpace(height + 20);
    this.doc.font(FONTS.bold).fontSize(10.5).fillColor(COLORS.text);
    this.doc.text(pdfText(text), this.left, this.doc.y, { width: this.width });
    this.gap(3);
  }

  paragraph(
    text: string,
    options: { size?: number; color?: string; font?: string; indent?: number } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.font ?? FONTS.regular;
    const indent = options.indent ?? 0;
    const safe = pdfText(text);
    const height = this.measure(safe, font, size, this.width - indent);
    this.ensureSpace(Math.min(height, this.pageContentHeight));
    this.doc
      .font(font)
      .fontSize(size)
      .fillColor(options.color ?? COLORS.text);
    this.doc.text(safe, this.left + indent, this.doc.y, { width: this.width - indent, lineGap: 1 });
    this.gap(4);
  }

  /** 'Rótulo: valor' on one line, the label in bold. */
  labelValue(label: string, value: string, size = 10): void {
    const safeLabel = `${pdfText(label)}: `;
    const safeValue = pdfText(value);
    const height = this.measure(safeLabel + safeValue, FONTS.regular, size, this.width);
    this.ensureSpace(height);
    const { doc } = this;
    doc.font(FONTS.bold).fontSize(size).fillColor(COLORS.text);
    doc.text(safeLabel, this.left, doc.y, { width: this.width, continued: true, lineGap: 1 });
    doc.font(FONTS.regular).text(safeValue, { lineGap: 1 });
    this.gap(3);
  }

  /** A bulleted list; each item kept whole on a page. */
  bulletList(items: readonly string[], bulletColor: string = COLORS.accent, size = 10): void {
    const indent = 14;
    for (const item of items) {
      const safe = pdfText(item);
      if (safe === '') continue;
      const height = this.measure(safe, FONTS.regular, size, this.width - indent);
      this.ensureSpace(Math.min(height, this.pageContentHeight));
      const top = this.doc.y;
      this.doc.circle(this.left + 4, top + size * 0.45, 2).fill(bulletColor);
      this.doc.font(FONTS.regular).fontSize(size).fillColor(COLORS.text);
      this.doc.text(safe, this.left + indent, top, { width: this.width - indent, lineGap: 1 });
      this.gap(3);
    }
  }

  /** Items with an empty square to tick by hand. */
  checklist(items: readonly string[], size = 10): void {
    const box = 9;
    const indent = box + 8;
    for (const item of items) {
      const safe = pdfText(item);
      if (safe === '') continue;
      const height = Math.max(box, this.measure(safe, FONTS.regular, size, this.width - indent));
      this.ensureSpace(Math.min(height, this.pageContentHeight) + 2);
      const top = this.doc.y;
      this.doc
        .rect(this.left, top + 0.5, box, box)
        .lineWidth(0.9)
        .strokeColor(COLORS.primary)
        .stroke();
      this.doc.font(FONTS.regular).fontSize(size).fillColor(COLORS.text);
      this.doc.text(safe, this.left + indent, top, { width: this.width - indent, lineGap: 1 });
      this.gap(5);
    }
  }

  /** Short tags laid out as pills, wrapping across lines. */
  chips(items: readonly string[]): void {
    const size = 9;
    const padX = 7;
    const chipHeight = size + 8;
    const { doc } = this;
    doc.font(FONTS.bold).fontSize(size);
    let x = this.left;
    this.ensureSpace(chipHeight);
    let top = doc.y;
    for (const item of items) {
      let label = pdfText(item);
      if (label === '') continue;
      if (label.length > 60) label = `${label.slice(0, 59).trimEnd()}…`;
      doc.font(FONTS.bold).fontSize(size);
      // A point of slack: a label measured to the exact width would wrap and lose its last word.
      const chipWidth = Math.min(doc.widthOfString(label) + padX * 2 + 2, this.width);
      if (x + chipWidth > this.right) {
        x = this.left;
        top += chipHeight + 5;
        if (top + chipHeight > this.bottom) {
          this.newPage();
          top = doc.y;
        }
      }
      doc.roundedRect(x, top, chipWidth, chipHeight, chipHeight / 2).fill(COLORS.primaryLight);
      doc.fillColor(COLORS.primary).text(label, x + padX, top + 4.5, {
        width: chipWidth - padX * 2 + 1,
        lineBreak: false,
        ellipsis: true,
        height: size + 2,
      });
      x += chipWidth + 5;
    }
    doc.x = this.left;
    doc.y = top + chipHeight + 8;
  }
}
