/** CSV as Excel pt-BR opens it (BOM, `;`, CRLF, decimal comma): the reports' one form. */

const decimalFormatter = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** "1234,56": pt-BR decimals without grouping, so Excel pt-BR reads a number. */
export function csvDecimal(value: number): string {
  return decimalFormatter.format(value);
}

/**
 * A text cell (a name, a label): a leading `=`, `+`, `-`, `@`, tab or carriage return is
 * prefixed with `'` so Excel shows it instead of running it as a formula (OWASP "CSV
 * injection"); a professional's name comes from self-registration. Numbers never pass here (a
 * negative discount stays a number).
 */
export function csvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One field of a `;`-separated line, quoted when it holds `"`, `;` or a line break. */
export function csvField(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Lines of fields as the CSV Excel pt-BR opens: BOM, `;`, CRLF. */
export function csvLines(lines: readonly (readonly string[])[]): string {
  return `\uFEFF${lines.map((line) => line.map(csvField).join(';')).join('\r\n')}\r\n`;
}
