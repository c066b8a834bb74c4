import {
  Alert,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { normalizeForComparison, PACKAGE_MESSAGES, type Service } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

export interface SelectAllControl {
  checked: boolean;
  indeterminate: boolean;
  onChange: (checked: boolean) => void;
}

export interface ProcedurePickerProps {
  legend: string;
  /** The catalogue; undefined while it loads or after it failed. */
  services: readonly Service[] | undefined;
  loading: boolean;
  failed: boolean;
  isChecked: (id: number) => boolean;
  onToggle: (id: number) => void;
  selectAll?: SelectAllControl;
}

/** A searchable checkbox list of the catalogue (the package form's allowed and restricted lists). */
export function ProcedurePicker({
  legend,
  services,
  loading,
  failed,
  isChecked,
  onToggle,
  selectAll,
}: ProcedurePickerProps) {
  const [search, setSearch] = useState('');
  const needle = normalizeForComparison(search);
  const visible = (services ?? []).filter((service) =>
    normalizeForComparison(service.name).includes(needle),
  );
  const checkedCount = (services ?? []).filter((service) => isChecked(service.id)).length;

  let list;
  if (loading) {
    list = (
      <Group gap="xs" role="status" py="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{PACKAGE_MESSAGES.servicesLoading}</Text>
      </Group>
    );
  } else if (failed || !services) {
    list = (
      <Alert color="red" py="xs">
        {PACKAGE_MESSAGES.servicesLoadFailed}
      </Alert>
    );
  } else if (visible.length === 0) {
    list = (
      <Text size="sm" c="dimmed" py="xs">
        {PACKAGE_MESSAGES.nothingFound}
      </Text>
    );
  } else {
    list = (
      <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
        <Stack gap={6} py={4}>
          {visible.map((service) => (
            <Checkbox
              key={service.id}
              label={`${service.name} (Bloco ${service.block})`}
              checked={isChecked(service.id)}
              onChange={() => onToggle(service.id)}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Fieldset legend={legend} variant="filled" radius="md">
      <Stack gap="xs">
        <TextInput
          aria-label={`Buscar em ${legend.toLowerCase()}`}
          placeholder="Buscar procedimento"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          disabled={loading || failed}
        />
        <Group justify="space-between" gap="xs">
          {selectAll ? (
            <Checkbox
              label="Selecionar todos"
              checked={selectAll.checked}
              indeterminate={selectAll.indeterminate}
              onChange={(event) => selectAll.onChange(event.currentTarget.checked)}
              disabled={loading || failed}
              fw={600}
            />
          ) : (
            <span />
          )}
          {services ? (
            <Text size="xs" c="dimmed">
              {checkedCount} de {services.length} selecionados
            </Text>
          ) : null}
        </Group>
        {list}
      </Stack>
    </Fieldset>
  );
}
