import {
  Alert,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  ANESTHESIA,
  CLINICAL_AREA_LABELS,
  CLINICAL_AREAS,
  ENERGIES,
  INGREDIENT_LABELS,
  INGREDIENTS,
  TECHNIQUE_LABELS,
  TECHNIQUES,
  clinicalTraitsSchema,
  type Anesthesia,
  type ClinicalArea,
  type ClinicalTraits,
  type Energy,
  type Ingredient,
  type Technique,
} from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * A procedure's clinical traits (issue 26), the fields of the domain's traits schema
 * (packages/domain/src/catalogue/clinical/traits.ts): what the one clinical check holds against
 * a client's record. Left empty, the procedure is saved without traits and the list flags it.
 */

export const ENERGY_LABELS: Record<Energy, string> = {
  radiofrequencia: 'Radiofrequência',
  laser_ablativo: 'Laser ablativo',
  laser_nao_ablativo: 'Laser não ablativo',
  luz_pulsada: 'Luz intensa pulsada',
  led: 'LED',
  ultrassom: 'Ultrassom',
  frio: 'Frio',
  corrente: 'Corrente elétrica',
  succao: 'Sucção',
};

export const ANESTHESIA_LABELS: Record<Anesthesia, string> = {
  nenhuma: 'Nenhuma',
  creme_topico: 'Creme anestésico tópico',
  no_produto: 'No próprio produto (lidocaína)',
  local_injetavel: 'Anestesia local injetável',
};

const PEEL_LABELS = { superficial: 'Superficial', medio: 'Médio' } as const;

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
const TECHNIQUE_OPTIONS = options(TECHNIQUES, TECHNIQUE_LABELS);
const AREA_OPTIONS = options(CLINICAL_AREAS, CLINICAL_AREA_LABELS);
const INGREDIENT_OPTIONS = options(INGREDIENTS, INGREDIENT_LABELS);
const ENERGY_OPTIONS = options(ENERGIES, ENERGY_LABELS);
const ANESTHESIA_OPTIONS = options(ANESTHESIA, ANESTHESIA_LABELS);
const PEEL_OPTIONS = [
  { value: 'superficial', label: PEEL_LABELS.superficial },
  { value: 'medio', label: PEEL_LABELS.medio },
];

/** What the fields hold: the schema's shape, days as typed (blank = 0). */
export interface TraitsDraft {
  techniques: Technique[];
  areas: ClinicalArea[];
  ingredients: Ingredient[];
  energy: Energy[];
  anesthesia: Anesthesia;
  brand: string;
  peel_depth: 'superficial' | 'medio' | null;
  downtime_days: number | '';
  bruising_days: number | '';
  swelling_days: number | '';
  sun_after_days: number | '';
  min_interval_days: number | '';
  event_lead_days: number | '';
}

const DAY_FIELDS = [
  ['downtime_days', 'Dias de recuperação'],
  ['bruising_days', 'Dias com risco de roxo'],
  ['swelling_days', 'Dias de inchaço'],
  ['sun_after_days', 'Dias sem sol depois'],
  ['min_interval_days', 'Intervalo mínimo entre sessões (dias)'],
  ['event_lead_days', 'Antecedência antes de um evento (dias)'],
] as const;

export function traitsDraftOf(traits: ClinicalTraits | null | undefined): TraitsDraft {
  return {
    techniques: [...(traits?.techniques ?? [])],
    areas: [...(traits?.areas ?? [])],
    ingredients: [...(traits?.ingredients ?? [])],
    energy: [...(traits?.energy ?? [])],
    anesthesia: traits?.anesthesia ?? 'nenhuma',
    brand: traits?.brand ?? '',
    peel_depth: traits?.peel_depth ?? null,
    downtime_days: traits?.downtime_days ?? '',
    bruising_days: traits?.bruising_days ?? '',
    swelling_days: traits?.swelling_days ?? '',
    sun_after_days: traits?.sun_after_days ?? '',
    min_interval_days: traits?.min_interval_days ?? '',
    event_lead_days: traits?.event_lead_days ?? '',
  };
}

/** Nothing chosen or typed: the procedure is saved without traits (null). */
export function isBlankDraft(draft: TraitsDraft): boolean {
  return (
    draft.techniques.length === 0 &&
    draft.areas.length === 0 &&
    draft.ingredients.length === 0 &&
    draft.energy.length === 0 &&
    draft.anesthesia === 'nenhuma' &&
    draft.brand.trim() === '' &&
    draft.peel_depth === null &&
    DAY_FIELDS.every(([field]) => draft[field] === '')
  );
}

export type TraitsReading =
  { ok: true; traits: ClinicalTraits | null } | { ok: false; error: string };

/** The draft as the API's `clinical_traits`, checked by the domain's schema. */
export function readTraitsDraft(draft: TraitsDraft): TraitsReading {
  if (isBlankDraft(draft)) return { ok: true, traits: null };
  if (draft.techniques.length === 0)
    return {
      ok: false,
      error: 'Escolha ao menos uma técnica (ou deixe os dados clínicos em branco).',
    };
  if (draft.areas.length === 0)
    return {
      ok: false,
      error: 'Escolha ao menos uma área (ou deixe os dados clínicos em branco).',
    };
  const day = (value: number | '') => (value === '' ? 0 : value);
  const parsed = clinicalTraitsSchema.safeParse({
    techniques: draft.techniques,
    areas: draft.areas,
    ingredients: draft.ingredients,
    energy: draft.energy,
    anesthesia: draft.anesthesia,
    brand: draft.brand.trim() === '' ? null : draft.brand.trim(),
    peel_depth: draft.peel_depth,
    downtime_days: day(draft.downtime_days),
    bruising_days: day(draft.bruising_days),
    swelling_days: day(draft.swelling_days),
    sun_after_days: day(draft.sun_after_days),
    min_interval_days: day(draft.min_interval_days),
    event_lead_days: day(draft.event_lead_days),
  });
  return parsed.success
    ? { ok: true, traits: parsed.data }
    : { ok: false, error: 'Dias devem ser números inteiros maiores ou iguais a 0.' };
}

export function ClinicalTraitsFields({
  value,
  onChange,
  error,
}: {
  value: TraitsDraft;
  onChange: (value: TraitsDraft) => void;
  error: string | null;
}) {
  const set = <K extends keyof TraitsDraft>(field: K, fieldValue: TraitsDraft[K]) =>
    onChange({ ...value, [field]: fieldValue });
  return (
    <Stack gap="sm">
      {isBlankDraft(value) ? (
        // A standing note, not an alert: the form's alert is for what the server refuses.
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          p="xs"
          role="note"
        >
          <Text size="sm">
            Sem dados clínicos: a verificação clínica não sabe o que este procedimento envolve e só
            pode avisar.
          </Text>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label="Técnicas"
          data={TECHNIQUE_OPTIONS}
          value={value.techniques}
          onChange={(list) => set('techniques', list as Technique[])}
          searchable
          clearable
        />
        <MultiSelect
          label="Áreas"
          data={AREA_OPTIONS}
          value={value.areas}
          onChange={(list) => set('areas', list as ClinicalArea[])}
          searchable
          clearable
        />
        <MultiSelect
          label="Ingredientes"
          data={INGREDIENT_OPTIONS}
          value={value.ingredients}
          onChange={(list) => set('ingredients', list as Ingredient[])}
          searchable
          clearable
        />
        <MultiSelect
          label="Energia"
          data={ENERGY_OPTIONS}
          value={value.energy}
          onChange={(list) => set('energy', list as Energy[])}
          searchable
          clearable
        />
        <Select
          label="Anestesia"
          data={ANESTHESIA_OPTIONS}
          value={value.anesthesia}
          allowDeselect={false}
          onChange={(next) => set('anesthesia', (next as Anesthesia | null) ?? 'nenhuma')}
        />
        <Select
          label="Profundidade do peeling"
          data={PEEL_OPTIONS}
          value={value.peel_depth}
          clearable
          placeholder="Não se aplica"
          onChange={(next) => set('peel_depth', (next as TraitsDraft['peel_depth']) ?? null)}
        />
        <TextInput
          label="Marca (quando decide uma regra)"
          placeholder="Ex.: Dysport"
          value={value.brand}
          onChange={(event) => set('brand', event.currentTarget.value)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        {DAY_FIELDS.map(([field, label]) => (
          <NumberInput
            key={field}
            label={label}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={value[field]}
            onChange={(next) => set(field, typeof next === 'number' ? next : '')}
          />
        ))}
      </SimpleGrid>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
