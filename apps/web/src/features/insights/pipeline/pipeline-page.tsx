import {
  Anchor,
  Badge,
  Group,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  formatReais,
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  PROPOSAL_EXPIRING_WITHIN_DAYS,
  PROPOSAL_FOLLOW_UP_AFTER_DAYS,
  type PipelineCard,
  type PipelineColumn,
  type PipelineStage,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pipelineQuery } from '../../../api/insights/dashboard';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PROPOSAL_STATUS_COLORS } from '../../../components/proposal-status';
import { usePageTitle } from '../../../components/use-page-title';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { isManagerProfile } from '../../../lib/profiles';
import { useSession } from '../../../lib/use-session';
import { PipelineTabs } from './pipeline-tabs';

const ALL = '';

function ageText(days: number): string {
  if (days === 0) return 'hoje';
  return days === 1 ? 'há 1 dia' : `há ${days} dias`;
}

function PipelineCardView({ card, showOwner }: { card: PipelineCard; showOwner: boolean }) {
  return (
    <Paper withBorder radius="sm" p="sm" data-pipeline-card>
      <Stack gap={4}>
        <Anchor component={Link} to={`/propostas/${card.id}`} fw={600} size="sm">
          {card.client.full_name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {card.number}
          {card.version > 1 ? ` · v${card.version}` : ''} · {card.package.name}
        </Text>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatReais(card.value)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {ageText(card.age_days)}
          </Text>
        </Group>
        {showOwner ? (
          <Text size="xs" c="dimmed">
            {card.owner.name} · {card.unit}
          </Text>
        ) : null}
        {card.follow_up_due || card.expiring ? (
          <Group gap={4}>
            {card.follow_up_due ? (
              <Badge size="xs" color="yellow" variant="light">
                Follow-up
              </Badge>
            ) : null}
            {card.expiring ? (
              <Badge size="xs" color="red" variant="light">
                Expirando
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ColumnView({ column, showOwner }: { column: PipelineColumn; showOwner: boolean }) {
  const titleId = `pipeline-${column.stage}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby={titleId}
      bg="var(--mantine-color-default-hover)"
      miw={230}
      style={{ flex: '1 0 230px' }}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5" id={titleId}>
          {column.label}
        </Title>
        <Badge color={PROPOSAL_STATUS_COLORS[column.stage]} variant="light" aria-label="Total">
          {column.count}
        </Badge>
      </Group>
      <Stack gap="xs">
        {column.cards.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma proposta.
          </Text>
        ) : (
          column.cards.map((card) => (
            <PipelineCardView key={card.id} card={card} showOwner={showOwner} />
          ))
        )}
        {column.count > column.cards.length ? (
          <Text size="xs" c="dimmed">
            Mostrando as {column.cards.length} mais recentes de {column.count}.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** 'Pipeline' (issue 14): proposals by stage; managers and admins filter by professional. */
export default function PipelinePage() {
  usePageTitle('Pipeline');
  const { user } = useSession();
  const isDesktop = useIsDesktop();
  const canFilter = isManagerProfile(user?.profile);
  const [params, setParams] = useSearchParams();
  const professionalId = canFilter ? Number(params.get('profissional')) || null : null;
  const [chosenStage, setStage] = useState<PipelineStage | null>(null);
  const team = useQuery({ ...pipelineQuery({}), enabled: canFilter });
  const pipeline = useQuery(pipelineQuery({ professional_id: professionalId ?? undefined }));

  const owners = new Map<number, string>();
  for (const column of team.data?.columns ?? []) {
    for (const card of column.cards) {
      if (card.owner.id !== null) owners.set(card.owner.id, card.owner.name);
    }
  }
  const professionalOptions = [
    { value: ALL, label: 'Todos os profissionais' },
    ...[...owners]
      .sort((a, b) => a[1].localeCompare(b[1], 'pt-BR'))
      .map(([id, name]) => ({ value: String(id), label: name })),
  ];
  const columns = pipeline.data?.columns ?? [];
  // A phone shows one column: the first that has proposals, until one is chosen.
  const stage = chosenStage ?? columns.find((column) => column.count > 0)?.stage ?? 'sent';

  let body;
  if (pipeline.isPending) {
    body = (
      <Group gap="sm" wrap="nowrap" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={260} radius="md" />
        ))}
      </Group>
    );
  } else if (pipeline.isError) {
    body = (
      <LoadErrorAlert
        text="Não foi possível carregar o pipeline."
        onRetry={() => pipeline.refetch()}
      />
    );
  } else if (isDesktop) {
    body = (
      <ScrollArea type="auto" offsetScrollbars>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          {columns.map((column) => (
            <ColumnView key={column.stage} column={column} showOwner={canFilter} />
          ))}
        </Group>
      </ScrollArea>
    );
  } else {
    // On a phone one column at a time, chosen by stage.
    const current = columns.find((column) => column.stage === stage);
    body = (
      <Stack gap="sm">
        <Select
          label="Etapa"
          allowDeselect={false}
          value={stage}
          onChange={(value) => value && setStage(value as PipelineStage)}
          data={PIPELINE_STAGES.map((value) => {
            const count = columns.find((column) => column.stage === value)?.count ?? 0;
            return { value, label: `${PIPELINE_STAGE_LABELS[value]} (${count})` };
          })}
        />
        {current ? <ColumnView column={current} showOwner={canFilter} /> : null}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PipelineTabs current="/pipeline" />
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-end">
        <Title order={1} size="h2">
          Pipeline
        </Title>
        {canFilter ? (
          <Select
            label="Profissional"
            data={professionalOptions}
            value={professionalId === null ? ALL : String(professionalId)}
            allowDeselect={false}
            searchable
            onChange={(value) => setParams(value ? { profissional: value } : {}, { replace: true })}
            w={{ base: '100%', xs: 260 }}
          />
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        Follow-up: enviada ou visualizada há mais de {PROPOSAL_FOLLOW_UP_AFTER_DAYS} dias sem
        resposta. Expirando: nos {PROPOSAL_EXPIRING_WITHIN_DAYS} últimos dias de validade.
      </Text>
      {body}
    </Stack>
  );
}
