import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  countSynergyRelations,
  normalizeForComparison,
  relationDeleteConfirmation,
  SYNERGY_RELATION_MESSAGES,
  type SynergyRelation,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { RowActions } from '../../components/row-actions';
import { StatCard } from '../../components/stat-card';
import { usePageTitle } from '../../components/use-page-title';
import { errorMessage } from '../../lib/api-client';
import { RelationFormModal } from './relation-form-modal';
import { useDeleteRelation, useRelationsQuery } from '../../api/services-relations';
import { useServicesQuery } from '../../api/services';
import { openConfirmModal } from '../../components/confirm-modal';

/** One spelling per category (case and accents folded), for the category suggestions. */
function distinctCategories(relations: readonly SynergyRelation[]): string[] {
  const byKey = new Map<string, string>();
  for (const relation of relations) {
    const key = normalizeForComparison(relation.category);
    if (!byKey.has(key)) byKey.set(key, relation.category.trim());
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

export default function SynergyPage() {
  usePageTitle('Sinergias');
  const relationsQuery = useRelationsQuery();
  const catalogueQuery = useServicesQuery();
  const deleteRelation = useDeleteRelation();
  const [formOpened, setFormOpened] = useState(false);
  // Kept after closing so the modal title does not flip during its exit transition.
  const [editingRelation, setEditingRelation] = useState<SynergyRelation | null>(null);
  // A new key per opening: the form always starts from the chosen relation's current values.
  const [formKey, setFormKey] = useState(0);

  const openForm = (relation: SynergyRelation | null) => {
    setEditingRelation(relation);
    setFormKey((key) => key + 1);
    setFormOpened(true);
  };

  const relations = useMemo(() => relationsQuery.data ?? [], [relationsQuery.data]);
  const counts = countSynergyRelations(relations);
  const categories = useMemo(() => distinctCategories(relations), [relations]);
  const namesById = useMemo(
    () => new Map((catalogueQuery.data ?? []).map((service) => [service.id, service.name])),
    [catalogueQuery.data],
  );
  const serviceName = (id: number) => namesById.get(id) ?? `#${id}`;

  const confirmDelete = (relation: SynergyRelation) =>
    openConfirmModal({
      title: relationDeleteConfirmation(relation.id),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: () =>
        deleteRelation.mutate(relation.id, {
          onError: (err) =>
            notifications.show({
              color: 'red',
              message: errorMessage(err, { fallback: SYNERGY_RELATION_MESSAGES.deleteFailed }),
            }),
        }),
    });

  const deletingId = deleteRelation.isPending ? deleteRelation.variables : undefined;

  let content;
  if (relationsQuery.isPending) {
    content = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Carregando relações...</Text>
        </Group>
      </Center>
    );
  } else if (relationsQuery.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{SYNERGY_RELATION_MESSAGES.loadFailed}</Text>
          <Button size="xs" variant="default" onClick={() => void relationsQuery.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (relations.length === 0) {
    content = <EmptyState title={SYNERGY_RELATION_MESSAGES.empty} />;
  } else {
    content = (
      // Wide table: scrolls sideways on a phone instead of squeezing the columns.
      <Table.ScrollContainer minWidth={820}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Serviço 1</Table.Th>
              <Table.Th>Serviço 2</Table.Th>
              <Table.Th>Categoria</Table.Th>
              <Table.Th>Boost %</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {relations.map((relation) => (
              <Table.Tr key={relation.id}>
                <Table.Td>{relation.id}</Table.Td>
                <Table.Td>{serviceName(relation.service_id_1)}</Table.Td>
                <Table.Td>{serviceName(relation.service_id_2)}</Table.Td>
                <Table.Td>{relation.category}</Table.Td>
                <Table.Td>{relation.boost_percent}%</Table.Td>
                <Table.Td>
                  <RowActions
                    label={`relação #${relation.id}`}
                    onEdit={() => openForm(relation)}
                    deleting={deletingId === relation.id}
                    onDelete={() => confirmDelete(relation)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Sinergias
        </Title>
        <Button onClick={() => openForm(null)}>+ Nova Relação</Button>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <StatCard label="Total de relações" value={counts.total} />
        <StatCard label="Categorias distintas" value={counts.categories} />
      </SimpleGrid>

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        {content}
      </Paper>

      <RelationFormModal
        formKey={formKey}
        opened={formOpened}
        onClose={() => setFormOpened(false)}
        relation={editingRelation}
        categories={categories}
      />
    </Stack>
  );
}
