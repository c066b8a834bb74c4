import {
  Button,
  Chip,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  TRAINING_CATEGORIES,
  TRAINING_CATEGORY_LABELS,
  TRAINING_LIBRARY_PAGE_SIZE,
  TRAINING_ORDER_LABELS,
  TRAINING_ORDERS,
  type TrainingCategory,
  type TrainingOrder,
} from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useTrainingsPageQuery, type TrainingListParams } from '../../../api/people/trainings';
import * as Admin from '../../../components/admin';
import { TrainingCard, TrainingCardSkeleton } from './training-card';

const SKELETON_COUNT = 8;
const DEFAULT_ORDER: TrainingOrder = 'newest';
/** The URL's params are the admin list's ('categoria', 'sort'), so a link reads the same on both. */
const LIBRARY_LIST: Admin.ListDefinition<TrainingListParams> = {
  searchLabel: 'Pesquisar',
  filters: [
    {
      name: 'categoria',
      label: 'Categorias',
      param: 'categories',
      multiple: true,
      options: TRAINING_CATEGORIES.map((category) => ({
        value: category,
        label: TRAINING_CATEGORY_LABELS[category],
      })),
    },
  ],
  sorts: TRAINING_ORDERS.map((order) => ({
    value: order,
    label: TRAINING_ORDER_LABELS[order],
    order,
  })),
  defaultOrder: DEFAULT_ORDER,
  pageSize: TRAINING_LIBRARY_PAGE_SIZE,
};
const CATEGORY_PARAM = 'categoria';

/** SPEC "Training library" (/professional/trainings), for every signed-in user (DESIGN 7.1). */
export default function TrainingsLibraryPage() {
  usePageTitle('Treinamentos');
  // Search, chips, order and page live in the URL (Back, a reload or a shared link keep them);
  // the server searches and pages (issue 12, docs/decisions/0018-…-form-shell.md).
  const list = Admin.useServerList(useTrainingsPageQuery, LIBRARY_LIST);
  const { params, query, view } = list;
  const categories = list.request.categories ?? [];
  const order = list.request.order ?? DEFAULT_ORDER;
  // What is typed; the search runs on the button or Enter (SPEC), then lives in the URL.
  const [searchInput, setSearchInput] = useState(params.q);
  // SPEC section 7: a failed library list silently shows as an empty one.
  const trainings = query.isError ? [] : list.rows;
  const loading = query.isPending;
  // The total the server counted says whether there is a further page; not while the previous
  // page stands in for the next one.
  const hasNextPage =
    !loading && !query.isError && !query.isPlaceholderData && view.page < view.pageCount;

  // Any change but the page's own goes back to page 1 (ListParams.set).
  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    params.set({ q: searchInput.trim() });
  };
  const changeOrder = (value: string | null) => {
    if (value) params.set({ sort: value === DEFAULT_ORDER ? '' : value });
  };
  const changeCategories = (value: TrainingCategory[]) =>
    params.set({ [CATEGORY_PARAM]: value.join(',') });
  const clearFilters = () => {
    setSearchInput('');
    params.set({ [CATEGORY_PARAM]: '', q: '' });
  };
  const hasFilters = categories.length > 0 || params.q !== '' || searchInput !== '';

  let content;
  if (loading) {
    content = (
      <>
        <VisuallyHidden role="status">Carregando treinamentos...</VisuallyHidden>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} data-testid="trainings-skeletons">
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <TrainingCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      </>
    );
  } else if (trainings.length === 0) {
    content = <EmptyState title="Nenhum treinamento encontrado." />;
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        {trainings.map((training) => (
          <TrainingCard key={training.id} training={training} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Treinamentos
      </Title>

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <form role="search" onSubmit={submitSearch} style={{ flex: '1 1 280px' }}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label="Pesquisar"
                  placeholder="Pesquisar vídeo ou descrição"
                  value={searchInput}
                  onChange={(event) => setSearchInput(event.currentTarget.value)}
                />
                <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
                  Buscar
                </Button>
              </Group>
            </form>
            <Select
              label="Ordenar por"
              data={LIBRARY_LIST.sorts}
              value={order}
              onChange={changeOrder}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
            />
          </Group>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Chip.Group<true, TrainingCategory>
              multiple
              value={[...categories]}
              onChange={changeCategories}
            >
              <Group gap="xs" role="group" aria-label="Categorias">
                {TRAINING_CATEGORIES.map((category) => (
                  <Chip key={category} value={category} size="sm">
                    {TRAINING_CATEGORY_LABELS[category]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Button variant="subtle" size="sm" onClick={clearFilters} disabled={!hasFilters}>
              Limpar filtros
            </Button>
          </Group>
        </Stack>
      </Paper>

      {content}

      <Group justify="center" gap="sm">
        <Button
          variant="default"
          disabled={view.page <= 1}
          onClick={() => params.set({ page: String(view.page - 1) })}
        >
          Anterior
        </Button>
        <Text aria-live="polite">Página {view.page}</Text>
        <Button
          variant="default"
          disabled={!hasNextPage}
          onClick={() => params.set({ page: String(view.page + 1) })}
        >
          Próxima
        </Button>
      </Group>
    </Stack>
  );
}
