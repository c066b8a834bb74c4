import {
  csvDecimal,
  csvLines,
  csvPercent,
  csvText,
  formatBasisPoints,
  formatPercentExact,
  NO_FIGURE,
} from '@portal/domain';

const integerFormatter = new Intl.NumberFormat('pt-BR');

/** "1.234" */
export function formatCount(value: number): string {
  return integerFormatter.format(value);
}

/**
 * "35,00%" from a percent on the domain's scale (35): the answer's basis points written as
 * they are, so the screen, the CSV and the builder show one number (shared/basis-points.ts).
 */
export function formatPct(value: number): string {
  return formatPercentExact(value);
}

/** "47,36%" from a rate 0–1 with 4 decimals (whole basis points). */
export function formatRate(rate: number): string {
  return formatBasisPoints(Math.round(rate * 10_000));
}

/** A figure, or '—' when it is an average over nothing. */
export function orNone(defined: boolean, text: () => string): string {
  return defined ? text() : NO_FIGURE;
}

/** A CSV cell of a percent on the domain's scale, or empty over nothing. */
export function csvPct(value: number, defined = true): string {
  return defined ? csvPercent(value) : '';
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
