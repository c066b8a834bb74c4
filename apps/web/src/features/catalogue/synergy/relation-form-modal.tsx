import { ActionIcon, Alert, Autocomplete, Group, Select, Tooltip } from '@mantine/core';
import {
  PACKAGE_MESSAGES,
  synergyRelationCreateSchema,
  type Service,
  type SynergyRelation,
} from '@portal/domain';
import { IconAlertCircle, IconArrowsExchange } from '@tabler/icons-react';
import { PtBrNumberInput } from '../../../components/form/number-input';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { AdminForm, adminFormModal, useSaveRecord } from '../../../components/admin/form-modal';
import { relationFormValues, swapServices } from './relation-form';
import { relationMutations } from '../../../api/catalogue/services-relations';
import { useServicesQuery } from '../../../api/catalogue/services';
import { LongTextField } from '../../../components/form/fields';

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
  // The domain's create schema checks every field, as the API does: the services chosen and
  // different, a category, a whole boost from 0 to 100 ('12,5' and '-5' refused as typed).
  const form = useSchemaForm(synergyRelationCreateSchema, relationFormValues(relation));
  const options = serviceOptions(catalogueQuery.data);

  /** Serviço 1 and Serviço 2: the same searchable list of the catalogue, each its own field. */
  const serviceSelect = (field: 'service_id_1' | 'service_id_2') => {
    const id = form.values[field];
    return {
      required: true,
      searchable: true,
      data: options,
      value: id === null ? null : String(id),
      onChange: (value: string | null) => form.setFieldValue(field, toId(value)),
      placeholder: catalogueQuery.isPending ? PACKAGE_MESSAGES.servicesLoading : undefined,
      disabled: catalogueQuery.isPending,
      nothingFoundMessage: PACKAGE_MESSAGES.nothingFound,
      error: form.errors[field],
    };
  };

  const submit = form.onSubmit((values) => {
    saving.save(synergyRelationCreateSchema.parse(values));
  });

  return (
    <AdminForm onSubmit={submit} saving={saving} onCancel={onDone}>
      {catalogueQuery.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {PACKAGE_MESSAGES.servicesLoadFailed}
        </Alert>
      ) : null}
      <Select label="Serviço 1" data-autofocus {...serviceSelect('service_id_1')} />
      <Group justify="center" my={-8}>
        <Tooltip label="Trocar serviços">
          <ActionIcon
            variant="default"
            size="lg"
            radius="xl"
            aria-label="Trocar serviços"
            onClick={() => form.setValues(swapServices(form.values))}
          >
            <IconArrowsExchange size={18} style={{ transform: 'rotate(90deg)' }} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Select label="Serviço 2" {...serviceSelect('service_id_2')} />
      <Autocomplete
        label="Categoria"
        required
        placeholder="ex.: gordura_localizada"
        data={[...categories]}
        {...form.getInputProps('category')}
      />
      <PtBrNumberInput label="Boost %" whole {...form.getInputProps('boost_percent')} />
      <LongTextField label="Justificativa" {...form.getInputProps('rationale')} />
      <LongTextField label="Narrativa base" {...form.getInputProps('base_narrative')} />
    </AdminForm>
  );
}
