import {
  Alert,
  Anchor,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AI_CONFIG_MESSAGES,
  AI_CONFIG_ORDER_LABELS,
  AI_CONFIG_ORDERS,
  formatDateTimeBR,
  type AiConfig,
  type AiConfigOrder,
} from '@portal/domain';
import { IconAlertCircle, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useAiConfigQuery, useAiConfigsQuery } from '../../../api/catalogue/ai-configs';
import { PromptEditModal } from './prompt-edit-modal';
import * as Admin from '../../../components/admin';

/** 'Mais recentes' is the toolbar's default order; the others travel in the URL's 'sort'. */
const DEFAULT_ORDER: AiConfigOrder = '-updated_at';
const PROMPTS_LIST: Admin.ListDefinition<{ order?: AiConfigOrder }> = {
  searchLabel: 'Buscar',
  searchPlaceholder: AI_CONFIG_MESSAGES.searchPlaceholder,
  sorts: AI_CONFIG_ORDERS.filter((order) => order !== DEFAULT_ORDER).map((order) => ({
    value: order,
    label: AI_CONFIG_ORDER_LABELS[order],
    order,
  })),
  defaultOrder: DEFAULT_ORDER,
};

const LIST_MESSAGES = {
  loading: 'Carregando configurações...',
  loadFailed: AI_CONFIG_MESSAGES.listLoadFailed,
  empty: AI_CONFIG_MESSAGES.empty,
};

/** DESIGN 7.8: the original alert becomes a notification with the same texts. */
async function copyText(text: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('clipboard unavailable');
    await navigator.clipboard.writeText(text);
    notifications.show({ color: 'green', message: AI_CONFIG_MESSAGES.copied });
  } catch {
    notifications.show({ color: 'red', message: AI_CONFIG_MESSAGES.copyFailed });
  }
}

/** SPEC 'AI prompt configuration admin' (/admin/prompt-ai). */
export default function PromptAiPage() {
  // Search and order live in the URL; the server searches and sorts.
  const prompts = Admin.useListRequest(PROMPTS_LIST);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editOpened, setEditOpened] = useState(false);

  const listQuery = useAiConfigsQuery(
    prompts.params.q.trim(),
    prompts.request.order ?? DEFAULT_ORDER,
  );
  const configs = listQuery.data ?? [];
  const fromList = configs.find((config) => config.id === selectedId);
  const detailQuery = useAiConfigQuery(selectedId, fromList);
  const selected = detailQuery.data ?? null;

  const openEditor = (config: AiConfig) => {
    setSelectedId(config.id);
    setEditOpened(true);
  };

  const columns: Admin.AdminColumn<AiConfig>[] = [
    {
      header: 'código',
      cell: (config) => (
        <Anchor
          component="button"
          type="button"
          fw={600}
          // The open one is underlined (a tinted row would cost the link its contrast).
          underline={config.id === selectedId ? 'always' : 'hover'}
          aria-current={config.id === selectedId ? 'true' : undefined}
          onClick={() => setSelectedId(config.id)}
        >
          {config.codigo}
        </Anchor>
      ),
    },
    { header: 'ALTERAÇÕES', cell: (config) => config.prompt_length },
    { header: 'atualizado em', cell: (config) => formatDateTimeBR(config.updated_at) },
    {
      header: 'ações',
      cell: (config) => (
        <Button
          size="xs"
          variant="light"
          aria-label={`Editar ${config.codigo}`}
          onClick={() => openEditor(config)}
        >
          Editar
        </Button>
      ),
    },
  ];

  const list = (
    <Admin.AdminTable
      list={{ query: listQuery, rows: configs }}
      rows={{ messages: LIST_MESSAGES }}
      columns={columns}
      minWidth={520}
      // No hover tint: it would cost the code links their contrast in dark mode.
      plain
      uppercaseHeaders
    />
  );

  let details;
  if (selectedId === null) {
    details = <Text c="dimmed">{AI_CONFIG_MESSAGES.selectHint}</Text>;
  } else if (detailQuery.isError && !selected) {
    details = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        {AI_CONFIG_MESSAGES.loadFailed}
      </Alert>
    );
  } else if (!selected) {
    details = (
      <Center py="md" role="status">
        <Loader size="sm" aria-label="Carregando configuração" />
      </Center>
    );
  } else {
    details = (
      <Stack gap="md">
        {detailQuery.isError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
            {AI_CONFIG_MESSAGES.loadFailed}
          </Alert>
        ) : null}
        <Stack gap={4}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {selected.codigo}
          </Title>
          <Text size="sm" c="dimmed">
            {selected.prompt_length} caracteres · Atualizado em{' '}
            {formatDateTimeBR(selected.updated_at)}
          </Text>
        </Stack>
        <ReadOnlyPanel title="Prompt (contexto)" text={selected.prompt} />
        <ReadOnlyPanel title="Regras & validações" text={selected.rules} />
        <Group>
          <Button onClick={() => setEditOpened(true)}>Editar prompt</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Admin.AdminPage
      title="Prompt - AI"
      panel={false}
      toolbar={<Admin.ListToolbar list={prompts} />}
      modals={
        <PromptEditModal
          opened={editOpened}
          onClose={() => setEditOpened(false)}
          config={selected}
        />
      }
    >
      {/* Side by side only where the list's four columns fit without sideways scrolling. */}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
            {list}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-label="Detalhes da configuração"
          >
            {details}
          </Paper>
        </Grid.Col>
      </Grid>
    </Admin.AdminPage>
  );
}

function ReadOnlyPanel({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="center">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCopy size={14} aria-hidden />}
          aria-label={`Copiar ${title}`}
          onClick={() => void copyText(text)}
        >
          Copiar
        </Button>
      </Group>
      {/* Focusable, so keyboard users can scroll a long prompt (axe: scrollable-region-focusable). */}
      <Text
        component="pre"
        size="sm"
        p="sm"
        m={0}
        tabIndex={0}
        aria-label={title}
        bg="var(--mantine-color-default-hover)"
        style={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          borderRadius: 6,
          maxHeight: 260,
          overflowY: 'auto',
          fontFamily: 'inherit',
        }}
      >
        {text}
      </Text>
    </Stack>
  );
}
