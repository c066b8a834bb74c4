import { ActionIcon, Alert, Autocomplete, Group, Select, Tooltip } from '@mantine/core';
import { PACKAGE_MESSAGES, type Service, type SynergyRelation } from '@portal/domain';
import { IconAlertCircle, IconArrowsExchange } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { PtBrNumberInput } from '../../components/form/number-input';
import { AdminForm, adminFormModal, useSaveRecord } from '../../components/admin/form-modal';
import {
  EMPTY_RELATION_FORM,
  relationPayload,
  swapServices,
  validateRelationForm,
  type RelationField,
  type RelationFormErrors,
  type RelationFormValues,
} from './relation-form';
import { relationMutations } from '../../api/services-relations';
import { useServicesQuery } from '../../api/services';
import { LongTextField } from '../../components/form/fields';

function initialValues(relation: SynergyRelation | null): RelationFormValues {
  if (!relation) return EMPTY_RELATION_FORM;
  return {
    serviceId1: relation.service_id_1,
    serviceId2: relation.service_id_2,
    category: relation.category,
    boostPercent: relation.boost_percent,
    rationale: relation.rationale ?? '',
    baseNarrative: relation.base_narrative ?? '',
  };
}

function serviceOptions(services: readonly Service[] | undefined) {
  return (services ?? []).map((service) => ({
    value: String(service.id),
    label: `${service.name} (Bloco ${service.block})`,
  }));
}

const toId = (value: string | null): number | null => (value === null ? null : Number(value));

interface RelationFormProps {
  /** The relation being edited; null for the create modal. */
  relation: SynergyRelation | null;
  /** Categories already in use, offered as suggestions. */
  categories: readonly string[];
}

export const RelationFormModal = adminFormModal((props: RelationFormProps) => ({
  title: props.relation ? `Editar Relação #${props.relation.id}` : 'Nova Relação',
  form: (onDone) => <RelationForm {...props} onDone={onDone} />,
}));

export function RelationForm({
  relation,
  categories,
  onDone,
}: RelationFormProps & { onDone: () => void }) {
  const catalogueQuery = useServicesQuery();
  const saving = useSaveRecord(relation, relationMutations, onDone);
  const [values, setValues] = useState(() => initialValues(relation));
  const [fieldErrors, setFieldErrors] = useState<RelationFormErrors>({});

  const options = serviceOptions(catalogueQuery.data);
  // A message shown after a submit is checked again as the field changes, and goes once fixed.
  const set = <K extends keyof RelationFormValues>(key: K, value: RelationFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    const still = validateRelationForm(next);
    setFieldErrors((errors) => {
      const kept: RelationFormErrors = {};
      for (const field of Object.keys(errors) as RelationField[]) {
        if (still[field]) kept[field] = still[field];
      }
      return kept;
    });
  };

  /** Serviço 1 and Serviço 2: the same searchable list of the catalogue, each its own field. */
  const serviceSelect = (field: 'serviceId1' | 'serviceId2') => ({
    required: true,
    searchable: true,
    data: options,
    value: values[field] === null ? null : String(values[field]),
    onChange: (value: string | null) => set(field, toId(value)),
    placeholder: catalogueQuery.isPending ? PACKAGE_MESSAGES.servicesLoading : undefined,
    disabled: catalogueQuery.isPending,
    nothingFoundMessage: PACKAGE_MESSAGES.nothingFound,
    error: fieldErrors[field],
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validateRelationForm(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    saving.save(relationPayload(values));
  };

  return (
    <AdminForm onSubmit={submit} saving={saving} onCancel={onDone}>
      {catalogueQuery.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {PACKAGE_MESSAGES.servicesLoadFailed}
        </Alert>
      ) : null}
      <Select label="Serviço 1" data-autofocus {...serviceSelect('serviceId1')} />
      <Group justify="center" my={-8}>
        <Tooltip label="Trocar serviços">
          <ActionIcon
            variant="default"
            size="lg"
            radius="xl"
            aria-label="Trocar serviços"
            onClick={() => setValues(swapServices)}
          >
            <IconArrowsExchange size={18} style={{ transform: 'rotate(90deg)' }} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Select label="Serviço 2" {...serviceSelect('serviceId2')} />
      <Autocomplete
        label="Categoria"
        required
        placeholder="ex.: gordura_localizada"
        data={[...categories]}
        value={values.category}
        onChange={(value) => set('category', value)}
        error={fieldErrors.category}
      />
      <PtBrNumberInput
        label="Boost %"
        whole
        // Kept as typed: '12,5' is refused with a message, not read as 125.
        value={String(values.boostPercent)}
        onChange={(text) => set('boostPercent', text)}
        error={fieldErrors.boostPercent}
      />
      <LongTextField
        label="Justificativa"
        value={values.rationale}
        onChange={(event) => set('rationale', event.currentTarget.value)}
      />
      <LongTextField
        label="Narrativa base"
        value={values.baseNarrative}
        onChange={(event) => set('baseNarrative', event.currentTarget.value)}
      />
    </AdminForm>
  );
}
