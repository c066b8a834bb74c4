import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import {
  countTrainings,
  formatDateBR,
  TRAINING_CATEGORIES,
  TRAINING_CATEGORY_LABELS,
  TRAINING_ORDER_LABELS,
  type Training,
} from '@portal/domain';
import { Link } from 'react-router';
import {
  trainingMutations,
  useTrainingsPageQuery,
  type TrainingListParams,
} from '../../../api/people/trainings';
import { trainingPath } from './training-card';
import { TrainingFormModal } from './training-form-modal';
import { TrainingThumbnailImage } from './training-thumbnail-image';
import classes from './trainings.module.css';
import * as Admin from '../../../components/admin';

/** 'Mais recentes' is the toolbar's default order; the others travel in the URL's 'sort'. */
const TRAININGS_LIST: Admin.ListDefinition<TrainingListParams> = {
  searchLabel: 'Buscar por título ou descrição',
  filters: [
    {
      name: 'categoria',
      label: 'Categoria',
      param: 'categories',
      multiple: true,
      options: TRAINING_CATEGORIES.map((category) => ({
        value: category,
        label: TRAINING_CATEGORY_LABELS[category],
      })),
    },
  ],
  sorts: [
    { value: 'oldest', label: TRAINING_ORDER_LABELS.oldest, order: 'oldest' },
    { value: 'popular', label: TRAINING_ORDER_LABELS.popular, order: 'popular' },
    { value: 'title', label: 'Título (A–Z)', order: 'title' },
    { value: '-title', label: 'Título (Z–A)', order: '-title' },
  ],
  defaultOrder: 'newest',
};

/** The columns; '#' counts from the first row of the page shown. */
function trainingColumns(offset: number): Admin.AdminColumn<Training>[] {
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
            <Badge
              variant="dot"
              color={Admin.activeColor(training.active)}
              style={{ flexShrink: 0 }}
            >
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

/** 'Abrir' goes to the training's own page, before the row's Editar. */
function openButton(training: Training) {
  return (
    <Button
      size="xs"
      variant="default"
      component={Link}
      to={trainingPath(training.id)}
      aria-label={`Abrir ${training.title}`}
    >
      Abrir
    </Button>
  );
}

/** SPEC "Admin training management" (Gestão de Treinamentos, /admin/trainings). */
export default function TrainingsAdminPage() {
  // Search, category, order and page live in the URL; the server searches and pages (issue 12).
  const list = Admin.useServerList(useTrainingsPageQuery, TRAININGS_LIST);
  const rows = Admin.useAdminRows(
    { resource: trainingMutations, toggle: Admin.activeToggle },
    { before: openButton },
  );
  const { offset } = Admin.pageWindow(list.params);
  const columns = useMemo(() => trainingColumns(offset), [offset]);
  // Likes, dislikes and categories count the page shown; the total is every matching video.
  const counts = countTrainings(list.rows);

  return (
    <Admin.AdminPage
      title="Gestão de Treinamentos"
      create="+ Adicionar"
      counters={{
        rows: [
          [
            { label: 'Total de vídeos', value: list.view.total },
            { label: 'Likes na página', value: counts.likes },
            { label: 'Dislikes na página', value: counts.dislikes },
          ],
        ],
        extra: <CategoryCounts counts={counts} loaded={list.query.isSuccess} />,
      }}
      modals={<TrainingFormModal {...rows.form.props} training={rows.form.editing} />}
      table={{ list, columns, minWidth: 960, rows }}
    />
  );
}

/** 'Por categoria': the page's videos by category, a dash until the page is loaded. */
function CategoryCounts({
  counts,
  loaded,
}: {
  counts: ReturnType<typeof countTrainings>;
  loaded: boolean;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed" fw={500} mb={4}>
        Por categoria
      </Text>
      <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {TRAINING_CATEGORIES.map((item) => (
          <Group key={item} justify="space-between" component="li">
            <Text size="sm">{TRAINING_CATEGORY_LABELS[item]}</Text>
            <Text size="sm" fw={600}>
              {loaded ? counts.byCategory[item] : '—'}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
