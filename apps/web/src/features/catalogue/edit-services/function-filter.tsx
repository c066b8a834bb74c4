import {
  Button,
  Checkbox,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { normalizeForComparison } from '@portal/domain';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { functionFilterLabel } from './function-groups';

export interface FunctionFilterProps {
  /** Every function of the catalogue. */
  options: readonly string[];
  /** The applied choice; empty means all. */
  value: readonly string[];
  onChange: (functions: string[]) => void;
}

/**
 * SPEC "Procedure photo editing": a multi-select of functions with 'Todas', 'Limpar', a search
 * and 'Aplicar'. Ticks are a draft until 'Aplicar'; closing without it drops them.
 */
export function FunctionFilter({ options, value, onChange }: FunctionFilterProps) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<string[]>([]);
  const [search, setSearch] = useState('');

  const open = () => {
    setDraft([...value]);
    setSearch('');
    setOpened(true);
  };
  const needle = normalizeForComparison(search);
  const visible = options.filter((option) => normalizeForComparison(option).includes(needle));
  const toggle = (option: string) =>
    setDraft((current) =>
      current.includes(option) ? current.filter((item) => item !== option) : [...current, option],
    );
  const apply = () => {
    // Everything ticked is the same as no filter: procedures added later still show.
    onChange(draft.length === options.length ? [] : options.filter((o) => draft.includes(o)));
    setOpened(false);
  };

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? open() : setOpened(false))}
      position="bottom-start"
      width={300}
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          variant="default"
          rightSection={<IconChevronDown size={16} aria-hidden />}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <Text span size="sm" truncate maw={220}>
            Função: {functionFilterLabel(value, options.length)}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {options.length === 0 ? (
          <Text size="sm">Nenhuma função encontrada nos serviços (benefits.main_function).</Text>
        ) : (
          <Stack gap="xs">
            <Group gap="xs" grow>
              <Button size="xs" variant="light" onClick={() => setDraft([...options])}>
                Todas
              </Button>
              <Button size="xs" variant="default" onClick={() => setDraft([])}>
                Limpar
              </Button>
            </Group>
            <TextInput
              size="xs"
              aria-label="Buscar função"
              placeholder="Buscar função"
              leftSection={<IconSearch size={14} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
              <Stack gap={6} py={2}>
                {visible.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Nada encontrado.
                  </Text>
                ) : (
                  visible.map((option) => (
                    <Checkbox
                      key={option}
                      size="sm"
                      label={option}
                      checked={draft.includes(option)}
                      onChange={() => toggle(option)}
                    />
                  ))
                )}
              </Stack>
            </ScrollArea.Autosize>
            <Button size="xs" onClick={apply}>
              Aplicar
            </Button>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
