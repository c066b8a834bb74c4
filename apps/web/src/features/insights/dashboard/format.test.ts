import { describe, expect, it } from 'vitest';
import { csvDecimal, tableCsv, type DataColumn } from './format';

interface Row {
  name: string;
  discount: number;
}

const COLUMNS: DataColumn<Row>[] = [
  { header: 'Profissional', cell: (row) => row.name },
  {
    header: 'Desconto (%)',
    numeric: true,
    cell: (row) => String(row.discount),
    csv: (row) => csvDecimal(row.discount),
  },
];

describe('tableCsv', () => {
  it('never lets Excel run a name as a formula, and keeps negative numbers numbers', () => {
    expect(
      tableCsv(COLUMNS, [
        { name: '=HYPERLINK("http://x";"y")', discount: -20 },
        { name: '@soma', discount: 12.5 },
        { name: 'Ana', discount: 0 },
      ]),
    ).toBe(
      '\uFEFFProfissional;Desconto (%)\r\n' +
        `"'=HYPERLINK(""http://x"";""y"")";-20,00\r\n` +
        "'@soma;12,50\r\n" +
        'Ana;0,00\r\n',
    );
  });
});
