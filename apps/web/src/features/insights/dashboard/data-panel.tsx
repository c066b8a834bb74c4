import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { saveBlob } from '../../../components/save-blob';
import { tableCsv, type DataColumn } from './format';

export interface DataPanelProps<T> {
  title: string;
  /** What the rows are, for the CSV's file name ('tendencia-semanal'). */
  fileName: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The chart of the rows; without it the panel is a table only. */
  chart?: ReactNode;
  /** Text when there are no rows. */
  emptyText: string;
  loading: boolean;
}

/** The rows as a table that scrolls sideways on a phone. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
}: {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  caption: string;
}) {
  return (
    <Table.ScrollContainer minWidth={columns.length * 110} type="native" tabIndex={0}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
        <caption style={{ position: 'absolute', left: -9999 }}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} ta={column.numeric ? 'right' : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  ta={column.numeric ? 'right' : undefined}
                  style={column.numeric ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A chart (or a table) of the dashboard with a 'Gráfico' / 'Tabela' toggle and 'Exportar CSV' of
 * exactly the rows it shows.
 */
export function DataPanel<T>({
  title,
  fileName,
  columns,
  rows,
  rowKey,
  chart,
  emptyText,
  loading,
}: DataPanelProps<T>) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  const showChart = chart !== undefined && view === 'chart';
  let body: ReactNode;
  if (loading) body = <Skeleton height={220} aria-hidden />;
  else if (rows.length === 0) body = <Text c="dimmed">{emptyText}</Text>;
  else if (showChart) body = chart;
  else body = <DataTable columns={columns} rows={rows} rowKey={rowKey} caption={title} />;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <Group gap="xs" wrap="wrap">
            {chart !== undefined ? (
              <SegmentedControl
                size="xs"
                value={view}
                onChange={(value) => setView(value as 'chart' | 'table')}
                aria-label={`Visualização de ${title}`}
                data={[
                  { value: 'chart', label: 'Gráfico' },
                  { value: 'table', label: 'Tabela' },
                ]}
              />
            ) : null}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              disabled={loading || rows.length === 0}
              aria-label={`Exportar CSV: ${title}`}
              onClick={() =>
                saveBlob(
                  new Blob([tableCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }),
                  `${fileName}.csv`,
                )
              }
            >
              CSV
            </Button>
          </Group>
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
