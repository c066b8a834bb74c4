import {
  Alert,
  Anchor,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  AI_CONFIG_MESSAGES,
  AI_CONFIG_ORDER_LABELS,
  AI_CONFIG_ORDERS,
  formatDateTimeBR,
  type AiConfig,
  type AiConfigOrder,
} from '@portal/domain';
import { IconAlertCircle, IconCopy, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { usePageTitle } from '../../components/use-page-title';
import { useAiConfigQuery, useAiConfigsQuery } from '../../api/ai-configs';
import { PromptEditModal } from './prompt-edit-modal';

const ORDER_OPTIONS = AI_CONFIG_ORDERS.map((order) => ({
  value: order,
  label: AI_CONFIG_ORDER_LABELS[order],
}));

function isOrder(value: string | null): value is AiConfigOrder {
  return (AI_CONFIG_ORDERS as readonly (string | null)[]).includes(value);
}

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
  usePageTitle('Prompt - AI');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [order, setOrder] = useState<AiConfigOrder>('-updated_at');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editOpened, setEditOpened] = useState(false);

  const listQuery = useAiConfigsQuery(debouncedSearch, order);
  const configs = listQuery.data ?? [];
  const fromList = configs.find((config) => config.id === selectedId);
  const detailQuery = useAiConfigQuery(selectedId, fromList);
  const selected = detailQuery.data ?? null;

  const openEditor = (config: AiConfig) => {
    setSelectedId(config.id);
    setEditOpened(true);
  };

  let list;
  if (listQuery.isPending) {
    list = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Carregando configurações...</Text>
        </Group>
      </Center>
    );
  } else if (listQuery.isError) {
    list = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{AI_CONFIG_MESSAGES.listLoadFailed}</Text>
          <Button size="xs" variant="default" onClick={() => void listQuery.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (configs.length === 0) {
    list = <EmptyState title={AI_CONFIG_MESSAGES.empty} />;
  } else {
    list = (
      <Table.ScrollContainer minWidth={520}>
        {/* No hover tint: it would cost the code links their contrast in dark mode. */}
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th tt="uppercase">código</Table.Th>
              <Table.Th tt="uppercase">ALTERAÇÕES</Table.Th>
              <Table.Th tt="uppercase">atualizado em</Table.Th>
              <Table.Th tt="uppercase">ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {configs.map((config) => (
              <Table.Tr key={config.id}>
                <Table.Td>
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
                </Table.Td>
                <Table.Td>{config.prompt_length}</Table.Td>
                <Table.Td>{formatDateTimeBR(config.updated_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Editar ${config.codigo}`}
                    onClick={() => openEditor(config)}
                  >
                    Editar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

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
    <Stack gap="lg">
      <Title order={1} size="h2">
        Prompt - AI
      </Title>
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Buscar"
          placeholder={AI_CONFIG_MESSAGES.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Select
          label="Ordenar"
          data={ORDER_OPTIONS}
          value={order}
          onChange={(value) => {
            if (isOrder(value)) setOrder(value);
          }}
          allowDeselect={false}
          w={200}
        />
      </Group>
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
      <PromptEditModal opened={editOpened} onClose={() => setEditOpened(false)} config={selected} />
    </Stack>
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
