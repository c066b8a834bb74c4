import {
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  addMonths,
  formatReais,
  isPeriod,
  saoPauloDate,
  type CommissionStatementSummary,
} from '@portal/domain';
import { useSearchParams } from 'react-router';
import { useCommissionStatementsQuery } from '../../../api/billing/commissions';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { isAdminProfile } from '../../../lib/profiles';
import { useSession } from '../../../lib/use-session';
import { monthLabel, STATEMENT_STATUS_COLORS } from './commission-labels';
import { RulesPanel } from './rules-panel';
import { StatementDetail } from './statement-detail';

/**
 * 'Comissões' (issue 30): the month's statements of the professionals in the viewer's scope (the
 * API decides: a professional their own, a manager their unit's, an admin all), one statement
 * line by line with its approval and payment, and, for admins, the rules. The month, the
 * professional and the tab are in the URL (?mes=, ?profissional=, ?aba=regras).
 */
export default function CommissionsPage() {
  usePageTitle('Comissões');
  const { user } = useSession();
  const admin = isAdminProfile(user?.profile);
  const [params, setParams] = useSearchParams();
  const current = saoPauloDate(new Date()).slice(0, 7);
  const asked = params.get('mes') ?? '';
  const period = isPeriod(asked) && asked <= current ? asked : current;
  const tab = admin && params.get('aba') === 'regras' ? 'regras' : 'extratos';
  const chosen = Number(params.get('profissional'));
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h2">
          Comissões
        </Title>
        <Text c="dimmed" size="sm">
          Extratos mensais: cada lançamento com sua origem, regra e valor.
        </Text>
      </div>
      {admin ? (
        <SegmentedControl
          aria-label="Seção"
          value={tab}
          onChange={(value) => update({ aba: value === 'regras' ? 'regras' : null })}
          data={[
            { value: 'extratos', label: 'Extratos' },
            { value: 'regras', label: 'Regras' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      ) : null}
      {tab === 'regras' ? (
        <RulesPanel />
      ) : (
        <>
          <TextInput
            type="month"
            label="Mês"
            value={period}
            max={current}
            min={addMonths(`${current}-01`, -36).slice(0, 7)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isPeriod(value)) update({ mes: value, profissional: null });
            }}
            w={200}
          />
          <StatementList
            period={period}
            chosen={Number.isInteger(chosen) && chosen > 0 ? chosen : null}
            onChoose={(id) => update({ profissional: String(id) })}
          />
        </>
      )}
    </Stack>
  );
}

function StatementList({
  period,
  chosen,
  onChoose,
}: {
  period: string;
  chosen: number | null;
  onChoose: (professionalId: number) => void;
}) {
  const query = useCommissionStatementsQuery(period);
  const lines = query.data ?? [];
  // One line only (a professional's own month): its statement opens at once.
  const shown = chosen ?? (lines.length === 1 ? (lines[0]?.professional_id ?? null) : null);
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby="extratos-do-mes">
        <Title order={2} size="h4" id="extratos-do-mes">
          Extratos de {monthLabel(period)}
          {query.data ? ` (${lines.length})` : ''}
        </Title>
        {query.isPending ? (
          <Skeleton h={64} role="status" aria-label="Carregando os extratos" />
        ) : query.isError ? (
          <LoadErrorAlert
            text="Não foi possível carregar os extratos."
            onRetry={() => query.refetch()}
          />
        ) : lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma comissão neste mês.
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {lines.map((line) => (
              <StatementLine
                key={line.professional_id}
                line={line}
                selected={line.professional_id === shown}
                onChoose={() => onChoose(line.professional_id)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {shown !== null ? <StatementDetail professionalId={shown} period={period} /> : null}
    </Stack>
  );
}

function StatementLine({
  line,
  selected,
  onChoose,
}: {
  line: CommissionStatementSummary;
  selected: boolean;
  onChoose: () => void;
}) {
  return (
    <li>
      <UnstyledButton
        onClick={onChoose}
        aria-current={selected ? 'true' : undefined}
        aria-label={`Ver extrato de ${line.professional_name}`}
        w="100%"
      >
        <Paper
          withBorder
          radius="sm"
          px="sm"
          py="xs"
          style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {line.professional_name}
              </Text>
              <Text size="xs" c="dimmed">
                {line.unit ?? 'Sem unidade'} · {line.entries}{' '}
                {line.entries === 1 ? 'lançamento' : 'lançamentos'}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {formatReais(line.net)}
              </Text>
              <Badge color={STATEMENT_STATUS_COLORS[line.status]} variant="light">
                {line.status_label}
              </Badge>
            </Group>
          </Group>
        </Paper>
      </UnstyledButton>
    </li>
  );
}
