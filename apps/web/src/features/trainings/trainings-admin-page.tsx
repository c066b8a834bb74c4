import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
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
import { Link } from 'react-router';
import {
  trainingsKeys,
  useAdminTrainingsQuery,
  useDeleteTraining,
  useUpdateTraining,
} from '../../api/trainings';
import { AdminPage } from '../../components/admin/admin-page';
import { activeColor, AdminTable, type AdminColumn } from '../../components/admin/admin-table';
import { useFormModal } from '../../components/admin/form-modal';
import { pageWindow, serverListView, useListParams } from '../../components/admin/list-view';
import { ListToolbar } from '../../components/admin/list-toolbar';
import { useAdminRows } from '../../components/admin/use-admin-rows';
import { trainingPath } from './training-card';
import { TrainingFormModal } from './training-form-modal';
import { TrainingThumbnailImage } from './training-thumbnail-image';
import classes from './trainings.module.css';

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

/** The columns; '#' counts from the first row of the page shown. */
function trainingColumns(offset: number): AdminColumn<Training>[] {
  return [
    { header: '#', cell: (_training, index) => offset + index + 1 },
    {
      header: 'Thumb',
      cell: (training) => (
        <TrainingThumbnailImage
          src={training.thumbnail_url}
          className={classes.smallThumb}
          fallbackClassName={`${classes.smallThumb} ${classes.thumbnailFrame}`}
          fallbackSize="xs"
        />
      ),
    },
    {
      header: 'Título',
      sort: { asc: 'title', desc: '-title' },
      cellProps: { maw: 420 },
      cell: (training) => (
        <>
          <Group gap="xs" wrap="nowrap" align="center">
            <Text fw={500}>{training.title}</Text>
            <Badge variant="dot" color={activeColor(training.active)} style={{ flexShrink: 0 }}>
              {training.active ? 'ativo' : 'inativo'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {training.description}
          </Text>
        </>
      ),
    },
    {
      header: 'Publicado',
      cell: (training) => (training.published_at ? formatDateBR(training.published_at) : '—'),
    },
    { header: 'Likes', cell: (training) => training.like_count, sort: { desc: 'popular' } },
    { header: 'Dislikes', cell: (training) => training.dislike_count },
  ];
}

function isListOrder(value: string): value is TrainingListOrder {
  return (TRAINING_LIST_ORDERS as readonly string[]).includes(value);
}

/** SPEC "Admin training management" (Gestão de Treinamentos, /admin/trainings). */
export default function TrainingsAdminPage() {
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
  const rows = useAdminRows({
    all: trainingsKeys.all,
    update: useUpdateTraining(),
    remove: useDeleteTraining(),
  });
  const formModal = useFormModal<Training>();
  const openForm = formModal.open;

  const view = serverListView(trainingsQuery.data, params);
  const columns = useMemo(() => trainingColumns(offset), [offset]);
  // Likes, dislikes and categories count the page shown; the total is every matching video.
  const counts = countTrainings(view.rows);

  return (
    <AdminPage
      title="Gestão de Treinamentos"
      action={<Button onClick={() => openForm(null)}>+ Adicionar</Button>}
      query={trainingsQuery}
      counters={[
        {
          cols: { base: 1, xs: 2, md: 4 },
          items: [
            { label: 'Total de vídeos', value: view.total },
            { label: 'Likes na página', value: counts.likes },
            { label: 'Dislikes na página', value: counts.dislikes },
          ],
          extra: (
            <Paper withBorder p="md" radius="md">
              <Text size="sm" c="dimmed" fw={500} mb={4}>
                Por categoria
              </Text>
              <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {TRAINING_CATEGORIES.map((item) => (
                  <Group key={item} justify="space-between" component="li">
                    <Text size="sm">{TRAINING_CATEGORY_LABELS[item]}</Text>
                    <Text size="sm" fw={600}>
                      {trainingsQuery.isSuccess ? counts.byCategory[item] : '—'}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          ),
        },
      ]}
      toolbar={
        <ListToolbar
          params={params}
          searchLabel="Buscar por título ou descrição"
          filters={[CATEGORY_FILTER]}
          sorts={SORT_OPTIONS}
        />
      }
      modals={<TrainingFormModal {...formModal.props} training={formModal.editing} />}
    >
      <AdminTable
        query={trainingsQuery}
        loadingText="Carregando treinamentos..."
        errorText={TRAINING_MESSAGES.listLoadFailed}
        empty={{
          title: 'Nenhum treinamento encontrado',
          description: 'Cadastre novos vídeos para aparecerem aqui.',
        }}
        columns={columns}
        rows={view.rows}
        minWidth={960}
        params={params}
        view={view}
        actions={(training) => ({
          ...rows.actionsFor({
            id: training.id,
            label: training.title,
            onEdit: () => openForm(training),
            toggle: {
              active: training.active,
              changes: { active: !training.active },
              success: training.active ? 'Treinamento inativado.' : 'Treinamento ativado.',
              fallback: TRAINING_MESSAGES.toggleFailed,
            },
            remove: {
              title: trainingDeleteConfirmation(training.title),
              successMessage: 'Treinamento excluído.',
              fallback: TRAINING_MESSAGES.deleteFailed,
            },
          }),
          children: (
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={trainingPath(training.id)}
              aria-label={`Abrir ${training.title}`}
            >
              Abrir
            </Button>
          ),
        })}
      />
    </AdminPage>
  );
}
