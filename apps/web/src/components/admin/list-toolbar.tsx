import { Group, Pagination, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { ListParams, ListState, ListView } from './list-view';

/** Select options cannot be '': these stand for 'no filter' and 'the list's own order'. */
const ALL = 'todos';
const DEFAULT_ORDER = 'padrao';

export interface ListToolbarProps {
  /** The list (`useServerList`, `useListRequest`): its URL params and its definition. */
  list: ListState;
  /** Controls of the page's own after the search (the procedures' function filter). */
  children?: ReactNode;
}

/** Search, filters and sort of an admin table; every change is kept in the URL. */
export function ListToolbar({ list, children }: ListToolbarProps) {
  const { params } = list;
  const { searchLabel, searchPlaceholder, filters = [], sorts = [] } = list.definition;
  // The field keeps what is typed; the URL (and the table) follows a moment later.
  const [text, setText] = useState(params.q);
  const { q, set } = params;
  useEffect(() => {
    if (text === q) return;
    const timer = window.setTimeout(() => set({ q: text }), 250);
    return () => window.clearTimeout(timer);
  }, [text, q, set]);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={searchLabel}
        placeholder={searchPlaceholder}
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        style={{ flex: '1 1 16rem' }}
      />
      {children}
      {filters.map((filter) => (
        <Select
          key={filter.name}
          label={filter.label}
          data={[{ value: ALL, label: filter.allLabel ?? 'Todos' }, ...filter.options]}
          value={params.filter(filter.name) || ALL}
          onChange={(value) => set({ [filter.name]: !value || value === ALL ? '' : value })}
          allowDeselect={false}
          w={180}
        />
      ))}
      {sorts.length > 0 ? (
        <Select
          label="Ordenar por"
          data={[{ value: DEFAULT_ORDER, label: 'Mais recentes' }, ...sorts]}
          value={params.sort || DEFAULT_ORDER}
          onChange={(value) => set({ sort: !value || value === DEFAULT_ORDER ? '' : value })}
          allowDeselect={false}
          w={200}
        />
      ) : null}
    </Group>
  );
}

/** 'N resultado(s)' and the page buttons under a table, when there is more than one page. */
export function ListPagination<T>({ params, view }: { params: ListParams; view: ListView<T> }) {
  if (view.pageCount <= 1) return null;
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {view.total} resultado(s)
      </Text>
      <Pagination
        total={view.pageCount}
        value={view.page}
        onChange={(page) => params.set({ page: String(page) })}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Página anterior' : 'Próxima página',
        })}
        getItemProps={(page) => ({ 'aria-label': `Página ${page}` })}
      />
    </Group>
  );
}
