import {
  Alert,
  Badge,
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
import {
  countTrainings,
  formatDateBR,
  TRAINING_CATEGORIES,
  TRAINING_CATEGORY_LABELS,
  TRAINING_MESSAGES,
  TRAINING_ORDER_LABELS,
  isTrainingCategory,
  TRAINING_LIST_ORDERS,
  trainingDeleteConfirmation,
  type Training,
  type TrainingListOrder,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { RowActions } from '../../components/row-actions';
import { StatCard } from '../../components/stat-card';
import { usePageTitle } from '../../components/use-page-title';
import {
  trainingsKeys,
  useAdminTrainingsQuery,
  useDeleteTraining,
  useUpdateTraining,
  type TrainingChanges,
} from '../../api/trainings';
import { confirmDelete } from '../../components/admin/confirm-delete';
import { pageWindow, serverListView, useListParams } from '../../components/admin/list-view';
import { ListPagination, ListToolbar } from '../../components/admin/list-toolbar';
import { notifyError, notifySuccess } from '../../components/admin/notify';
import { usePendingIds } from '../../components/admin/use-pending-ids';
import { trainingPath } from './training-card';
import { TrainingFormModal } from './training-form-modal';
import { TrainingThumbnailImage } from './training-thumbnail-image';
import classes from './trainings.module.css';

const trainingIdOf = (variables: TrainingChanges) => variables.id;
const deletedIdOf = (id: number) => id;

const CATEGORY_FILTER = {
  name: 'categoria',
  label: 'Categoria',
  options: TRAINING_CATEGORIES.map((category) => ({
    value: category,
    label: TRAINING_CATEGORY_LABELS[category],
  })),
};
/** 'Mais recentes' is the toolbar's default order; the others travel in the URL's 'sort'. */
const SORT_OPTIONS = [
  { value: 'oldest', label: TRAINING_ORDER_LABELS.oldest },
  { value: 'popular', label: TRAINING_ORDER_LABELS.popular },
  { value: 'title', label: 'Título (A–Z)' },
  { value: '-title', label: 'Título (Z–A)' },
];

function isListOrder(value: string): value is TrainingListOrder {
  return (TRAINING_LIST_ORDERS as readonly string[]).includes(value);
}

/** SPEC "Admin training management" (Gestão de Treinamentos, /admin/trainings). */
export default function TrainingsAdminPage() {
  usePageTitle('Gestão de Treinamentos');
  // Search, category, order and page live in the URL; the server searches and pages (issue 12).
  const params = useListParams();
  const category = params.filter('categoria');
  const { limit, offset } = pageWindow(params);
  const trainingsQuery = useAdminTrainingsQuery({
    q: params.q,
    categories: isTrainingCategory(category) ? [category] : [],
    order: isListOrder(params.sort) ? params.sort : 'newest',
    limit,
    offset,
  });
  const updateTraining = useUpdateTraining();
  const deleteTraining = useDeleteTraining();

  const [formOpened, setFormOpened] = useState(false);
  // Kept after closing so the modal title does not flip during its exit transition.
  const [editingTraining, setEditingTraining] = useState<Training | null>(null);
  // A new key per opening: the form always starts from the chosen training's current values.
  const [formKey, setFormKey] = useState(0);
  const openForm = (training: Training | null) => {
    setEditingTraining(training);
    setFormKey((key) => key + 1);
    setFormOpened(true);
  };

  const view = serverListView(trainingsQuery.data, params);
  const trainings = view.rows;
  // Likes, dislikes and categories count the page shown; the total is every matching video.
  const counts = countTrainings(trainings);

  const toggleActive = (training: Training) =>
    updateTraining.mutateAsync({ id: training.id, changes: { active: !training.active } }).then(
      () => notifySuccess(training.active ? 'Treinamento inativado.' : 'Treinamento ativado.'),
      (error: unknown) => notifyError(error, { fallback: TRAINING_MESSAGES.toggleFailed }),
    );

  const removeTraining = (training: Training) =>
    confirmDelete({
      title: trainingDeleteConfirmation(training.title),
      remove: () => deleteTraining.mutateAsync(training.id),
      successMessage: 'Treinamento excluído.',
      fallback: TRAINING_MESSAGES.deleteFailed,
    });

  // Each row's buttons spin while their own request runs, whatever the other rows do.
  const togglingIds = usePendingIds([...trainingsKeys.all, 'update'], trainingIdOf);
  const deletingIds = usePendingIds([...trainingsKeys.all, 'delete'], deletedIdOf);

  let content;
  if (trainingsQuery.isPending) {
    content = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Carregando treinamentos...</Text>
        </Group>
      </Center>
    );
  } else if (trainingsQuery.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{TRAINING_MESSAGES.listLoadFailed}</Text>
          <Button size="xs" variant="default" onClick={() => void trainingsQuery.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (trainings.length === 0) {
    content = (
      <EmptyState
        title="Nenhum treinamento encontrado"
        description="Cadastre novos vídeos para aparecerem aqui."
      />
    );
  } else {
    content = (
      // Wide table: scrolls sideways on a phone instead of squeezing the columns.
      <Table.ScrollContainer minWidth={960}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Thumb</Table.Th>
              <Table.Th>Título</Table.Th>
              <Table.Th>Publicado</Table.Th>
              <Table.Th>Likes</Table.Th>
              <Table.Th>Dislikes</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trainings.map((training, index) => (
              <Table.Tr key={training.id}>
                <Table.Td>{offset + index + 1}</Table.Td>
                <Table.Td>
                  <TrainingThumbnailImage
                    src={training.thumbnail_url}
                    className={classes.smallThumb}
                    fallbackClassName={`${classes.smallThumb} ${classes.thumbnailFrame}`}
                    fallbackSize="xs"
                  />
                </Table.Td>
                <Table.Td maw={420}>
                  <Group gap="xs" wrap="nowrap" align="center">
                    <Text fw={500}>{training.title}</Text>
                    <Badge
                      variant="dot"
                      color={training.active ? 'green' : 'gray'}
                      style={{ flexShrink: 0 }}
                    >
                      {training.active ? 'ativo' : 'inativo'}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {training.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {training.published_at ? formatDateBR(training.published_at) : '—'}
                </Table.Td>
                <Table.Td>{training.like_count}</Table.Td>
                <Table.Td>{training.dislike_count}</Table.Td>
                <Table.Td>
                  <RowActions
                    label={training.title}
                    onEdit={() => openForm(training)}
                    toggle={{
                      active: training.active,
                      pending: togglingIds.has(training.id),
                      onToggle: () => toggleActive(training),
                    }}
                    deleting={deletingIds.has(training.id)}
                    onDelete={() => removeTraining(training)}
                  >
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={trainingPath(training.id)}
                      aria-label={`Abrir ${training.title}`}
                    >
                      Abrir
                    </Button>
                  </RowActions>
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
          Gestão de Treinamentos
        </Title>
        <Button onClick={() => openForm(null)}>+ Adicionar</Button>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {[
          { label: 'Total de vídeos', value: view.total },
          { label: 'Likes na página', value: counts.likes },
          { label: 'Dislikes na página', value: counts.dislikes },
        ].map((counter) => (
          // Never a false 0: a skeleton while the page loads, a dash when it failed.
          <StatCard
            key={counter.label}
            {...counter}
            loading={trainingsQuery.isPending}
            unavailable={trainingsQuery.isError}
          />
        ))}
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed" fw={500} mb={4}>
            Por categoria
          </Text>
          <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {TRAINING_CATEGORIES.map((item) => (
              <Group key={item} justify="space-between" component="li">
                <Text size="sm">{TRAINING_CATEGORY_LABELS[item]}</Text>
                <Text size="sm" fw={600}>
                  {counts.byCategory[item]}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      </SimpleGrid>

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <ListToolbar
            params={params}
            searchLabel="Buscar por título ou descrição"
            filters={[CATEGORY_FILTER]}
            sorts={SORT_OPTIONS}
          />
          {content}
          <ListPagination params={params} view={view} />
        </Stack>
      </Paper>

      <TrainingFormModal
        formKey={formKey}
        opened={formOpened}
        onClose={() => setFormOpened(false)}
        training={editingTraining}
      />
    </Stack>
  );
}
