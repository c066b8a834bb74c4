import { Combobox, InputBase, Loader, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatCpf, type ClientSummary } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { clientListQuery } from '../../../api/crm/clients';

// Apart from the save dialog (save-proposal-dialog.tsx), whose code loads only when it can be
// opened (docs/decisions/0011-first-screen-javascript.md). The builder's header shows this picker
// through client-picker-slot.tsx, which loads it after the builder's first screen.

/** A client as the builder keeps it: enough to show and to save the proposal for. */
export type PickedClient = Pick<ClientSummary, 'id' | 'full_name'>;

export interface ClientPickerProps {
  value: PickedClient | null;
  onChange: (client: ClientSummary | null) => void;
  /** Takes the focus when its dialog opens. */
  autoFocus?: boolean;
  label?: string;
  placeholder?: string;
  /** Text typed before this code arrived (client-picker-slot.tsx): kept, its matches listed. */
  initialSearch?: string;
}

/** Searches the clients on the server as the name, phone or CPF is typed. */
export function ClientPicker({
  value,
  onChange,
  autoFocus = false,
  label = 'Cliente',
  placeholder = 'Buscar por nome, telefone ou CPF',
  initialSearch,
}: ClientPickerProps) {
  const combobox = useCombobox({
    defaultOpened: Boolean(initialSearch),
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const [search, setSearch] = useState(initialSearch ?? value?.full_name ?? '');
  const [debounced] = useDebouncedValue(search, 250);
  const clients = useQuery({ ...clientListQuery(debounced, 20), enabled: combobox.dropdownOpened });
  // Only an answer to the text as typed is offered: a list still showing an earlier search
  // (debounce, or the previous page kept while fetching) let a quick ArrowDown + Enter pick
  // another client than the one typed.
  const answersTyped = debounced === search && !clients.isPlaceholderData;
  const options = answersTyped
    ? (clients.data ?? []).filter((client) => client.anonymized_at === null)
    : [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const chosen = options.find((client) => String(client.id) === id) ?? null;
        onChange(chosen);
        setSearch(chosen?.full_name ?? '');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          data-autofocus={autoFocus || undefined}
          placeholder={placeholder}
          value={search}
          rightSection={
            clients.isFetching ? <Loader size="xs" aria-hidden /> : <Combobox.Chevron />
          }
          rightSectionPointerEvents="none"
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            onChange(null);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          // Not on focus: the dialog focuses this field while it is still animating in, and a list
          // opened then is placed against the field's half-scaled box (off the phone's screen).
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {options.length === 0 ? (
            <Combobox.Empty>
              {!answersTyped || clients.isPending ? 'Buscando...' : 'Nenhum cliente encontrado.'}
            </Combobox.Empty>
          ) : (
            options.map((client) => (
              <Combobox.Option value={String(client.id)} key={client.id}>
                <Text size="sm" fw={500}>
                  {client.full_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {[client.phone, client.cpf ? formatCpf(client.cpf) : null, client.unit]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
