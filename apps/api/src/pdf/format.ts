import { formatDateBR, pdfFileName, type PdfKind } from '@portal/domain';

/** Documents are dated where the clinics are, whatever the server's time zone. */
const TIME_ZONE = 'America/Sao_Paulo';
const PLACE = 'São Paulo';

const isoDateFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const longDateFormatter = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** '2026-11-22' in São Paulo, for file names. */
export function isoDateInSaoPaulo(date: Date): string {
  const parts = Object.fromEntries(
    isoDateFormatter.formatToParts(date).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** 'São Paulo, 22 de novembro de 2026' */
export function placeAndLongDate(date: Date): string {
  return `${PLACE}, ${longDateFormatter.format(date)}`;
}

/** '22/11/2026' */
export function shortDate(date: Date): string {
  return formatDateBR(date);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 24 * 60 * 60 * 1000);
}

/**
 * RFC 6266 header: an ASCII `filename` every browser understands and a `filename*` in UTF-8 that
 * keeps the accents ('proposta-pacote-estética-2026-11-22.pdf') for browsers that read it.
 */
export function contentDisposition(
  disposition: 'inline' | 'attachment',
  kind: PdfKind,
  subject: string,
  isoDate: string,
): { header: string; fileName: string } {
  const fileName = pdfFileName(kind, subject, isoDate);
  const unicodeSlug = subject
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  const prefix = fileName.slice(0, fileName.indexOf('-'));
  const unicodeName = unicodeSlug ? `${prefix}-${unicodeSlug}-${isoDate}.pdf` : fileName;
  return {
    header: `${disposition}; filename="${fileName}"; filename*=UTF-8''${encodeRfc5987(unicodeName)}`,
    fileName,
  };
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
