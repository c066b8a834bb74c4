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
import { EmptyState } from '../../components/empty-state';
import { usePageTitle } from '../../components/use-page-title';
import { useTrainingsQuery } from '../../api/trainings';
import { TrainingCard, TrainingCardSkeleton } from './training-card';

const ORDER_OPTIONS = TRAINING_ORDERS.map((order) => ({
  value: order,
  label: TRAINING_ORDER_LABELS[order],
}));
const SKELETON_COUNT = 8;

/** SPEC "Training library" (/professional/trainings), for every signed-in user (DESIGN 7.1). */
export default function TrainingsLibraryPage() {
  usePageTitle('Treinamentos');
  // What is typed, and what was searched (the search runs on the button or Enter).
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<TrainingOrder>('newest');
  const [categories, setCategories] = useState<TrainingCategory[]>([]);
  const [offset, setOffset] = useState(0);

  const trainingsQuery = useTrainingsQuery({
    q: search,
    categories,
    order,
    limit: TRAINING_LIBRARY_PAGE_SIZE,
    offset,
  });
  // SPEC section 7: a failed library list silently shows as an empty one.
  const trainings = trainingsQuery.isError ? [] : (trainingsQuery.data ?? []);
  const loading = trainingsQuery.isPending;
  const page = Math.floor(offset / TRAINING_LIBRARY_PAGE_SIZE) + 1;
  const hasNextPage = !loading && trainings.length === TRAINING_LIBRARY_PAGE_SIZE;

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(searchInput.trim());
    setOffset(0);
  };
  const changeOrder = (value: TrainingOrder | null) => {
    if (!value) return;
    setOrder(value);
    setOffset(0);
  };
  const changeCategories = (value: TrainingCategory[]) => {
    setCategories(value);
    setOffset(0);
  };
  const clearFilters = () => {
    setCategories([]);
    setSearchInput('');
    setSearch('');
    setOffset(0);
  };
  const hasFilters = categories.length > 0 || search !== '' || searchInput !== '';

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
            <Select<TrainingOrder>
              label="Ordenar por"
              data={ORDER_OPTIONS}
              value={order}
              onChange={changeOrder}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
            />
          </Group>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Chip.Group<true, TrainingCategory>
              multiple
              value={categories}
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
          disabled={offset === 0}
          onClick={() => setOffset((current) => Math.max(0, current - TRAINING_LIBRARY_PAGE_SIZE))}
        >
          Anterior
        </Button>
        <Text aria-live="polite">Página {page}</Text>
        <Button
          variant="default"
          disabled={!hasNextPage}
          onClick={() => setOffset((current) => current + TRAINING_LIBRARY_PAGE_SIZE)}
        >
          Próxima
        </Button>
      </Group>
    </Stack>
  );
}
