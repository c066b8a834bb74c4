import { csvDecimal, csvLines, csvText } from '@portal/domain';

const integerFormatter = new Intl.NumberFormat('pt-BR');
const percentFormatter = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** "1.234" */
export function formatCount(value: number): string {
  return integerFormatter.format(value);
}

/** "12,5%" from a percent on the domain's scale (12.5). */
export function formatPct(value: number): string {
  return `${percentFormatter.format(value)}%`;
}

/** "37,5%" from a rate 0–1. */
export function formatRate(rate: number): string {
  return formatPct(rate * 100);
}

/** A table's column: its header, its cell on screen and in the CSV. */
export interface DataColumn<T> {
  header: string;
  cell: (row: T) => string;
  /** The CSV's cell (a number Excel pt-BR reads, e.g. "1234,56"); the screen's cell otherwise. */
  csv?: (row: T) => string;
  numeric?: boolean;
}

/**
 * A table as CSV for Excel pt-BR, like the server's export (packages/domain dashboard.ts): BOM,
 * ';', CRLF, decimal comma; a text cell that Excel would run as a formula is neutralized.
 */
export function tableCsv<T>(columns: readonly DataColumn<T>[], rows: readonly T[]): string {
  return csvLines([
    columns.map((column) => column.header),
    ...rows.map((row) =>
      columns.map((column) =>
        column.csv
          ? column.csv(row)
          : column.numeric
            ? column.cell(row)
            : csvText(column.cell(row)),
      ),
    ),
  ]);
}

/** CSV helpers for the columns: integers plain, money and percents as "1234,56". */
export const csvNumber = (value: number) => String(value);
export { csvDecimal };
