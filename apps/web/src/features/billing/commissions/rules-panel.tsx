import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  COMMISSION_BASES,
  COMMISSION_BASIS_LABELS,
  COMMISSION_CLAWBACK_LABELS,
  COMMISSION_CLAWBACKS,
  COMMISSION_EVENT_LABELS,
  COMMISSION_EVENTS,
  COMMISSION_NETWORK_SCOPE,
  commissionRateText,
  commissionRuleFormBody,
  commissionRuleFormSchema,
  commissionRuleFormValues,
  formatDateBR,
  formatReais,
  saoPauloDate,
  UNITS,
  type CommissionRuleView,
  type CommissionSimulation,
} from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useCommissionRulesQuery,
  useCreateCommissionRuleMutation,
  useSimulateCommissionRuleMutation,
  useUpdateCommissionRuleMutation,
} from '../../../api/billing/commissions';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ContractModal, FailureAlert } from '../../care/components/contract-dialogs';
import { monthLabel } from './commission-labels';

/**
 * The rules (admins): each rule's latest version, 'Nova regra', 'Editar' (a new version from its
 * 'Válida a partir de'; the old ones stay for the months they paid) and 'Simular', what last
 * month would have paid under the draft, before saving.
 */
export function RulesPanel() {
  const query = useCommissionRulesQuery();
  const [editing, setEditing] = useState<{ rule: CommissionRuleView | null } | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="regras-de-comissao">
      <Group justify="space-between">
        <Title order={2} size="h4" id="regras-de-comissao">
          Regras de comissão
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing({ rule: null })}
        >
          Nova regra
        </Button>
      </Group>
      {query.isPending ? (
        <Skeleton h={96} role="status" aria-label="Carregando as regras" />
      ) : query.isError ? (
        <LoadErrorAlert
          text="Não foi possível carregar as regras."
          onRetry={() => query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma regra cadastrada.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Regra</Table.Th>
                <Table.Th>Versão</Table.Th>
                <Table.Th>Evento</Table.Th>
                <Table.Th>Base</Table.Th>
                <Table.Th>Taxa</Table.Th>
                <Table.Th>Estorno</Table.Th>
                <Table.Th>Abrangência</Table.Th>
                <Table.Th>Válida a partir de</Table.Th>
                <Table.Th>
                  <span className="sr-only">Ações</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Td>{rule.name}</Table.Td>
                  <Table.Td>{rule.version}</Table.Td>
                  <Table.Td>{COMMISSION_EVENT_LABELS[rule.event]}</Table.Td>
                  <Table.Td>{COMMISSION_BASIS_LABELS[rule.basis]}</Table.Td>
                  <Table.Td>{commissionRateText(rule.rate)}</Table.Td>
                  <Table.Td>{COMMISSION_CLAWBACK_LABELS[rule.clawback]}</Table.Td>
                  <Table.Td>{scopeText(rule)}</Table.Td>
                  <Table.Td>{formatDateBR(`${rule.valid_from}T12:00:00`)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Editar ${rule.name}`}
                      onClick={() => setEditing({ rule })}
                    >
                      Editar
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ContractModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.rule ? `Editar regra: ${editing.rule.name}` : 'Nova regra'}
      >
        {editing ? <RuleForm rule={editing.rule} onDone={() => setEditing(null)} /> : null}
      </ContractModal>
    </Stack>
  );
}

function scopeText(rule: CommissionRuleView): string {
  const parts = [
    rule.scope.unit,
    rule.scope.profile,
    rule.scope.professional_id === null ? null : `profissional ${rule.scope.professional_id}`,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : 'Toda a rede';
}

const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((key) => ({ value: key, label: labels[key] }));

function RuleForm({ rule, onDone }: { rule: CommissionRuleView | null; onDone: () => void }) {
  const today = saoPauloDate(new Date());
  const create = useCreateCommissionRuleMutation();
  const update = useUpdateCommissionRuleMutation();
  const simulate = useSimulateCommissionRuleMutation();
  const form = useSchemaForm(commissionRuleFormSchema, commissionRuleFormValues(rule, today));
  const save = form.onSubmit((values) => {
    const body = commissionRuleFormBody(values);
    const done = {
      onSuccess: () => {
        notifications.show({ message: rule ? 'Nova versão da regra salva.' : 'Regra criada.' });
        onDone();
      },
    };
    if (rule) update.mutate({ id: rule.id, changes: body }, done);
    else create.mutate(body, done);
  });
  const runSimulation = () => {
    if (form.validate().hasErrors) return;
    simulate.mutate(commissionRuleFormBody(form.getValues()));
  };
  const selectProps = { allowDeselect: false, comboboxProps: { withinPortal: true } } as const;
  const rateType = form.getValues().rate_type;
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        {rule ? (
          <Text size="sm" c="dimmed">
            Salvar cria a versão {rule.version + 1}, válida a partir da data escolhida; os meses já
            fechados não mudam.
          </Text>
        ) : null}
        <TextInput label="Nome" required maxLength={120} {...form.getInputProps('name')} />
        <Select
          label="Evento"
          data={options(COMMISSION_EVENTS, COMMISSION_EVENT_LABELS)}
          {...selectProps}
          {...form.getInputProps('event')}
        />
        <Select
          label="Base"
          data={options(COMMISSION_BASES, COMMISSION_BASIS_LABELS)}
          {...selectProps}
          {...form.getInputProps('basis')}
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Tipo de taxa"
            data={[
              { value: 'pct', label: 'Percentual' },
              { value: 'fixo', label: 'Valor fixo por evento' },
              { value: 'faixas', label: 'Faixas pelo total do mês' },
            ]}
            miw={160}
            {...selectProps}
            {...form.getInputProps('rate_type')}
          />
          <TextInput
            label={
              rateType === 'faixas'
                ? 'Faixas (a partir de R$: %)'
                : rateType === 'fixo'
                  ? 'Valor (R$)'
                  : 'Percentual (%)'
            }
            description={
              rateType === 'faixas'
                ? 'Ex.: 0: 5; 10.000: 7 — 5 %, e 7 % sobre tudo quando o total do mês chega a R$ 10.000,00.'
                : undefined
            }
            required
            inputMode="decimal"
            autoComplete="off"
            miw={140}
            {...form.getInputProps('rate_value')}
          />
        </Group>
        <Select
          label="Estorno em desistência ou cancelamento"
          data={options(COMMISSION_CLAWBACKS, COMMISSION_CLAWBACK_LABELS)}
          {...selectProps}
          {...form.getInputProps('clawback')}
        />
        <Select
          label="Unidade"
          data={[
            { value: COMMISSION_NETWORK_SCOPE, label: 'Toda a rede' },
            ...UNITS.map((unit) => ({ value: unit, label: unit })),
          ]}
          {...selectProps}
          {...form.getInputProps('unit')}
        />
        <TextInput
          type="date"
          label="Válida a partir de"
          required
          {...form.getInputProps('valid_from')}
        />
        {simulate.data ? <SimulationResult simulation={simulate.data} /> : null}
        <FailureAlert error={simulate.error} fallback="Não foi possível simular a regra." />
        <FailureAlert
          error={create.error ?? update.error}
          fallback="Não foi possível salvar a regra."
        />
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button variant="light" loading={simulate.isPending} onClick={runSimulation}>
            Simular
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {rule ? 'Salvar nova versão' : 'Criar regra'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What last month paid under the rules in force, and what it would have paid under the draft. */
function SimulationResult({ simulation }: { simulation: CommissionSimulation }) {
  return (
    <Alert color="blue" title={`Simulação de ${monthLabel(simulation.period)}`}>
      <Stack gap={4}>
        <Text size="sm">
          Pago pelas regras atuais: {formatReais(simulation.current_total)} · com esta regra:{' '}
          <strong>{formatReais(simulation.draft_total)}</strong>
        </Text>
        {simulation.professionals.length === 0 ? (
          <Text size="sm">Nenhum evento no mês.</Text>
        ) : (
          simulation.professionals.map((line) => (
            <Paper key={line.professional_id} px="xs" py={2} bg="transparent">
              <Text size="xs">
                {line.professional_name}: {formatReais(line.current)} → {formatReais(line.draft)}
              </Text>
            </Paper>
          ))
        )}
      </Stack>
    </Alert>
  );
}
