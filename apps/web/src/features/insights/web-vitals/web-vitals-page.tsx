import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  DEVICE_CLASS_LABELS,
  DEVICE_CLASSES,
  rateWebVital,
  WEB_VITAL_NAMES,
  WEB_VITAL_THRESHOLDS,
  type DeviceClass,
  type WebVitalName,
  type WebVitalRating,
  type WebVitalsSummaryRow,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { vitalsSummaryQueryOptions } from '../../../api/insights/vitals';
import { EmptyState } from '../../../components/empty-state';
import { usePageTitle } from '../../../components/use-page-title';

const integerFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const secondsFormat = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});
const clsFormat = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** pt-BR, in the unit people read it in: '640 ms', '2,35 s', '0,08'. */
export function formatWebVital(name: WebVitalName, value: number): string {
  if (name === 'CLS') return clsFormat.format(value);
  if (value < 1000) return `${integerFormat.format(value)} ms`;
  return `${secondsFormat.format(value / 1000)} s`;
}

const RATING_LABELS: Record<WebVitalRating, string> = {
  good: 'Bom',
  'needs-improvement': 'Precisa melhorar',
  poor: 'Ruim',
};

/** Filled badges in dark shades (yellow with dark text): readable in both color schemes. */
const RATING_COLORS: Record<WebVitalRating, string> = {
  good: 'teal.9',
  'needs-improvement': 'yellow.5',
  poor: 'red.9',
};

const WINDOW_OPTIONS = [
  { value: '7', label: 'Últimos 7 dias' },
  { value: '28', label: 'Últimos 28 dias' },
];

interface TableRow {
  page: string;
  device: DeviceClass;
  metrics: Partial<Record<WebVitalName, WebVitalsSummaryRow>>;
}

/** One line per page and device class, phones first. */
function tableRows(rows: readonly WebVitalsSummaryRow[]): TableRow[] {
  const byKey = new Map<string, TableRow>();
  for (const row of rows) {
    const key = `${row.page} ${row.device}`;
    const line = byKey.get(key) ?? { page: row.page, device: row.device, metrics: {} };
    line.metrics[row.metric] = row;
    byKey.set(key, line);
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.page.localeCompare(b.page) ||
      DEVICE_CLASSES.indexOf(a.device) - DEVICE_CLASSES.indexOf(b.device),
  );
}

function MetricCell({ name, row }: { name: WebVitalName; row: WebVitalsSummaryRow | undefined }) {
  if (!row) {
    return (
      <Text c="dimmed" aria-label="Sem medições">
        —
      </Text>
    );
  }
  const rating = rateWebVital(name, row.p75);
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={RATING_COLORS[rating]} autoContrast variant="filled" size="lg" tt="none">
        {formatWebVital(name, row.p75)}
      </Badge>
      <Text size="xs" c="dimmed">
        {RATING_LABELS[rating]} · {integerFormat.format(row.samples)}{' '}
        {row.samples === 1 ? 'medição' : 'medições'}
      </Text>
    </Stack>
  );
}

/** A long pattern wraps after a slash, not inside a word. */
function RoutePattern({ pattern }: { pattern: string }) {
  const parts = pattern.split('/');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

function thresholdsText(name: WebVitalName): string {
  const { good, poor } = WEB_VITAL_THRESHOLDS[name];
  return `${name}: bom até ${formatWebVital(name, good)}, ruim acima de ${formatWebVital(name, poor)}`;
}

/** Issue 17: how fast the portal is for the clinic's own people, from real visits. */
export default function WebVitalsPage() {
  usePageTitle('Desempenho');
  const [days, setDays] = useState('7');
  const query = useQuery(vitalsSummaryQueryOptions());
  const selected = query.data?.windows.find((w) => String(w.days) === days);
  const rows = tableRows(selected?.rows ?? []);

  let content;
  if (query.isPending) {
    content = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Carregando medições...</Text>
        </Group>
      </Center>
    );
  } else if (query.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Não foi possível carregar as medições de desempenho.</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        title={`Nenhuma visita medida nos últimos ${days} dias`}
        description="As medições chegam quando alguém abre uma página do portal e depois a fecha ou troca de aba."
      />
    );
  } else {
    content = (
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm">
          <Table.Caption>
            p75 de {integerFormat.format(Number(days))} dias: 75% das visitas foram mais rápidas que
            o valor mostrado.
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Página</Table.Th>
              <Table.Th>Dispositivo</Table.Th>
              {WEB_VITAL_NAMES.map((name) => (
                <Table.Th key={name}>{name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.page} ${row.device}`}>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    <RoutePattern pattern={row.page} />
                  </Text>
                </Table.Td>
                <Table.Td>{DEVICE_CLASS_LABELS[row.device]}</Table.Td>
                {WEB_VITAL_NAMES.map((name) => (
                  <Table.Td key={name}>
                    <MetricCell name={name} row={row.metrics[name]} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Desempenho
        </Title>
        <Text c="dimmed">
          Core Web Vitals das visitas reais ao portal, por página e tipo de dispositivo.
        </Text>
      </Stack>
      <SegmentedControl
        aria-label="Período"
        data={WINDOW_OPTIONS}
        value={days}
        onChange={setDays}
        style={{ alignSelf: 'flex-start' }}
      />
      {content}
      <Text size="sm" c="dimmed">
        Limites do Google: {WEB_VITAL_NAMES.map(thresholdsText).join('; ')}.
      </Text>
    </Stack>
  );
}
