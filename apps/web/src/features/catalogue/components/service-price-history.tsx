import { Alert, Center, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  formatDateTimeBR,
  formatPercent,
  formatReais,
  type PriceHistoryField,
} from '@portal/domain';
import { servicePriceHistoryQueryOptions } from '../../../api/catalogue/services';

/** Value and cost in reais, the minimum margin in percent, pt-BR. */
function formatPriceValue(field: PriceHistoryField, value: unknown): string {
  if (typeof value !== 'number') return '—';
  return field === 'min_margin_percent' ? formatPercent(value) : formatReais(value);
}

const COLUMNS: { field: PriceHistoryField; label: string }[] = [
  { field: 'value', label: 'Valor' },
  { field: 'cost', label: 'Custo' },
  { field: 'min_margin_percent', label: 'Margem mínima' },
];

/**
 * 'Histórico de preços' of one procedure (issue 14), from the audit trail: each change of
 * value, cost or minimum margin, newest first, with who made it. Shared UI, so the procedures
 * screens (the edit modal, the detail dialog) show it; the server answers admins and managers.
 */
export function ServicePriceHistory({ serviceId }: { serviceId: number }) {
  const history = useQuery(servicePriceHistoryQueryOptions(serviceId));
  if (history.isPending) {
    return (
      <Center py="md" role="status">
        <Loader size="sm" aria-label="Carregando histórico de preços" />
      </Center>
    );
  }
  if (history.isError) {
    return <Alert color="red">Não foi possível carregar o histórico de preços.</Alert>;
  }
  if (history.data.length === 0) {
    return <Text c="dimmed">Nenhuma alteração de preço registrada.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label="Histórico de preços">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Pessoa</Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th key={column.field}>{column.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.data.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{formatDateTimeBR(entry.at)}</Table.Td>
              <Table.Td>
                {entry.actor_id === null ? 'Sistema' : (entry.actor_name ?? `#${entry.actor_id}`)}
              </Table.Td>
              {COLUMNS.map(({ field }) => {
                const after = entry.after?.[field];
                const before = entry.before?.[field];
                return (
                  <Table.Td key={field}>
                    {after === undefined
                      ? '—'
                      : before === undefined
                        ? formatPriceValue(field, after)
                        : `${formatPriceValue(field, before)} → ${formatPriceValue(field, after)}`}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
