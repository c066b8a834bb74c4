import {
  CloseButton,
  Group,
  MultiSelect,
  Paper,
  Pill,
  Stack,
  TagsInput,
  Text,
  TextInput,
  type ComboboxItem,
  type ComboboxParsedItem,
  type OptionsFilter,
} from '@mantine/core';
import {
  ALLERGEN_BY_CODE,
  ALLERGENS,
  CONDITION_BY_CODE,
  CONDITIONS,
  HEALTH_CONDITION_NOTE_MAX_LENGTH,
  normalizeForComparison,
  type AllergenCode,
  type ConditionCode,
} from '@portal/domain';

/**
 * The clinical fields of a client's record (issue 26): health conditions chosen from the
 * domain's list (packages/domain/src/catalogue/clinical/conditions.ts), each with an optional
 * note, and allergies chosen from its allergens (allergens.ts) or typed. Both search with the
 * words people use, as the recognizer reads them: 'grávida' finds 'Gestação', 'Roacutan'
 * finds isotretinoin. UI only: the form that holds them sends them.
 */

export const HEALTH_CONDITION_NOTE_MAX = HEALTH_CONDITION_NOTE_MAX_LENGTH;

/** A condition on the record, as the API and the form hold it. */
export interface HealthConditionValue {
  code: ConditionCode;
  note: string | null;
}

/** The pt-BR label of a condition code; the code itself when the list no longer has it. */
export function conditionLabel(code: string): string {
  return CONDITION_BY_CODE.get(code as ConditionCode)?.label ?? code;
}

/** An allergy entry as shown: an allergen code's label, or the text as typed. */
export function allergyLabel(entry: string): string {
  return ALLERGEN_BY_CODE.get(entry as AllergenCode)?.label ?? entry;
}

/** A condition or allergen code's label, for a warning's `condition` (EXCLUSAO etc. as given). */
export function clinicalConditionLabel(code: string): string {
  return (
    CONDITION_BY_CODE.get(code as ConditionCode)?.label ??
    ALLERGEN_BY_CODE.get(code as AllergenCode)?.label ??
    code
  );
}

interface Searchable {
  label: string;
  words: readonly string[];
}

/** Folded label and words per code, computed once. */
function searchIndex(list: readonly (Searchable & { code: string })[]) {
  return new Map(
    list.map((entry) => [
      entry.code,
      [entry.label, ...entry.words].map((text) => normalizeForComparison(text)),
    ]),
  );
}

const CONDITION_INDEX = searchIndex(CONDITIONS);
const ALLERGEN_INDEX = searchIndex(ALLERGENS);

/**
 * Options whose label or any of its words contain what was typed (accents and case folded), or
 * that a typed sentence contains ('estou grávida de 3 meses' still finds 'Gestação').
 */
function wordsFilter(index: ReadonlyMap<string, string[]>): OptionsFilter {
  return ({ options, search, limit }) => {
    const query = normalizeForComparison(search);
    const items = options as ComboboxParsedItem[];
    if (query === '') return items.slice(0, limit);
    const found: ComboboxItem[] = [];
    for (const option of items) {
      if (!('value' in option)) continue;
      const texts = index.get(option.value) ?? [normalizeForComparison(option.label)];
      if (texts.some((text) => text.includes(query) || (text.length > 3 && query.includes(text))))
        found.push(option);
      if (found.length >= limit) break;
    }
    return found;
  };
}

const CONDITION_OPTIONS = CONDITIONS.map((entry) => ({ value: entry.code, label: entry.label }));
const ALLERGEN_OPTIONS = ALLERGENS.map((entry) => ({ value: entry.code, label: entry.label }));
const conditionFilter = wordsFilter(CONDITION_INDEX);
const allergenFilter = wordsFilter(ALLERGEN_INDEX);

export interface HealthConditionsFieldProps {
  value: readonly HealthConditionValue[];
  onChange: (value: HealthConditionValue[]) => void;
  error?: string | undefined;
}

/** 'Condições de saúde': codes from the list, searched by the words people use, each with a note. */
export function HealthConditionsField({ value, onChange, error }: HealthConditionsFieldProps) {
  const notes = new Map(value.map((entry) => [entry.code, entry.note]));
  return (
    <Stack gap="xs">
      <MultiSelect
        label="Condições de saúde"
        description="Digite como a cliente diz: 'grávida', 'marca-passo', 'Roacutan'…"
        placeholder={value.length === 0 ? 'Buscar condição' : undefined}
        data={CONDITION_OPTIONS}
        value={value.map((entry) => entry.code)}
        onChange={(codes) =>
          onChange(
            codes.map((code) => ({
              code: code as ConditionCode,
              note: notes.get(code as ConditionCode) ?? null,
            })),
          )
        }
        filter={conditionFilter}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage="Nenhuma condição encontrada: registre em 'Outras condições'."
        maxDropdownHeight={260}
        comboboxProps={{ withinPortal: true }}
        error={error}
      />
      {value.map((entry) => (
        <Paper key={entry.code} withBorder radius="sm" p="xs">
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              size="sm"
              label={`Observação: ${conditionLabel(entry.code)}`}
              placeholder="Opcional (ex.: 20 semanas)"
              maxLength={HEALTH_CONDITION_NOTE_MAX}
              value={entry.note ?? ''}
              onChange={(event) => {
                const note = event.currentTarget.value;
                onChange(
                  value.map((other) =>
                    other.code === entry.code
                      ? { ...other, note: note === '' ? null : note }
                      : other,
                  ),
                );
              }}
            />
            <CloseButton
              aria-label={`Remover ${conditionLabel(entry.code)}`}
              onClick={() => onChange(value.filter((other) => other.code !== entry.code))}
              mb={4}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export interface AllergiesFieldProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
}

/** 'Alergias ou aversões': an allergen from the list (kept as its code) or any typed text. */
export function AllergiesField({ value, onChange, error }: AllergiesFieldProps) {
  return (
    <TagsInput
      label="Alergias ou aversões"
      description="Escolha da lista ou digite e tecle Enter"
      placeholder={value.length === 0 ? 'Ex.: lidocaína, látex' : undefined}
      data={ALLERGEN_OPTIONS}
      value={[...value]}
      onChange={onChange}
      filter={allergenFilter}
      splitChars={[',', ';']}
      clearable
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
      renderPill={({ value: pill, onRemove }) => {
        const entry = pill ?? '';
        return (
          <Pill
            withRemoveButton
            onRemove={onRemove}
            removeButtonProps={{ 'aria-label': `Remover ${allergyLabel(entry)}` }}
          >
            {allergyLabel(entry)}
          </Pill>
        );
      }}
      error={error}
    />
  );
}

/** The record's conditions and allergies as read-only lines (the client's page). */
export function ClinicalRecordSummary({
  conditions,
  allergies,
}: {
  conditions: readonly HealthConditionValue[];
  allergies: readonly string[];
}) {
  return (
    <Stack gap={4}>
      {conditions.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma condição registrada.
        </Text>
      ) : (
        conditions.map((entry) => (
          <Text key={entry.code} size="sm">
            <strong>{conditionLabel(entry.code)}</strong>
            {entry.note ? ` — ${entry.note}` : ''}
          </Text>
        ))
      )}
      {allergies.length > 0 ? (
        <Text size="sm">Alergias: {allergies.map(allergyLabel).join(', ')}</Text>
      ) : null}
    </Stack>
  );
}
