import {
  Autocomplete,
  Divider,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import {
  MAIN_FUNCTIONS,
  percentField,
  SERVICE_BLOCKS,
  SERVICE_STATUS_LABELS,
  SERVICE_STATUSES,
  SERVICE_TRAIT_SUGGESTIONS,
  SERVICE_TRAITS_MAX,
  serviceCreateSchema,
  type ServiceBlock,
  type ServiceStatus,
} from '@portal/domain';
import { useState } from 'react';
import { serviceMutations, type Service } from '../../../api/catalogue/services';
import {
  ClinicalTraitsFields,
  readTraitsDraft,
  traitsDraftOf,
  type TraitsDraft,
} from './clinical-traits-fields';
import { labelledOptions } from '../../../components/form/options';
import { formatNumberInput, PtBrNumberInput } from '../../../components/form/number-input';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { formatMoneyInput, MoneyInput } from '../../../components/money-input';
import { AdminForm, adminFormModal, useSaveRecord } from '../../../components/admin/form-modal';
import { ServicePriceHistory } from '../components/service-price-history';
import { ChoiceField, LongTextField } from '../../../components/form/fields';

const BLOCK_OPTIONS = labelledOptions(SERVICE_BLOCKS, (block) => `Bloco ${block}`);
const STATUS_OPTIONS = labelledOptions(SERVICE_STATUSES, SERVICE_STATUS_LABELS);

/**
 * The domain's create schema is the form's: names, money, the whole-number session limit, the
 * benefits. Only the margin differs: the API clamps what it receives (SPEC section 5), a person
 * who types 150 is told it must be 0–100.
 */
export const serviceFormSchema = serviceCreateSchema.extend({
  min_margin_percent: percentField('Margem mínima'),
});

/** What the fields hold: numbers as typed ('1.234,50', '12,5', '6'). */
export interface ServiceFormValues extends Record<string, unknown> {
  name: string;
  description: string;
  block: ServiceBlock;
  status: ServiceStatus;
  value: string;
  cost: string;
  min_margin_percent: string;
  session_limit: string;
  benefits: { main_function: string; benefit1: string; benefit2: string; benefit3: string };
  /** Techniques and ingredients ('injetável', 'látex'), matched against clients' allergies. */
  traits: string[];
}

export function initialServiceValues(service: Service | null): ServiceFormValues {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    block: service?.block ?? 'A',
    status: service?.status ?? 'active',
    value: formatMoneyInput(service?.value ?? 0),
    cost: formatMoneyInput(service?.cost ?? 0),
    min_margin_percent: formatNumberInput(service?.min_margin_percent ?? 0),
    session_limit: String(service?.session_limit ?? 0),
    benefits: {
      main_function: service?.benefits.main_function ?? '',
      benefit1: service?.benefits.benefit1 ?? '',
      benefit2: service?.benefits.benefit2 ?? '',
      benefit3: service?.benefits.benefit3 ?? '',
    },
    traits: service?.traits ?? [],
  };
}

/** 'Cadastro de Serviço' and 'Editar Serviço'; Escape and a backdrop click close them. */
export const ServiceFormModal = adminFormModal(({ service }: { service: Service | null }) => ({
  title: service ? 'Editar Serviço' : 'Cadastro de Serviço',
  form: (onDone) => <ServiceForm service={service} onDone={onDone} />,
}));

function ServiceForm({ service, onDone }: { service: Service | null; onDone: () => void }) {
  const form = useSchemaForm(serviceFormSchema, initialServiceValues(service));
  const saving = useSaveRecord(service, serviceMutations, onDone);
  // The clinical traits (issue 26) are checked by the domain's traits schema on their own.
  const [traits, setTraits] = useState<TraitsDraft>(() => traitsDraftOf(service?.clinical_traits));
  const [traitsError, setTraitsError] = useState<string | null>(null);

  // Blank benefits are dropped (null) and numbers read the pt-BR way, by the schema itself.
  const submit = form.onSubmit((values) => {
    const reading = readTraitsDraft(traits);
    if (!reading.ok) {
      setTraitsError(reading.error);
      return;
    }
    setTraitsError(null);
    saving.save({ ...serviceFormSchema.parse(values), clinical_traits: reading.traits });
  });

  return (
    <>
      <AdminForm onSubmit={submit} saving={saving} onCancel={onDone}>
        <TextInput label="Nome" required data-autofocus {...form.getInputProps('name')} />
        <LongTextField label="Descrição" {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ChoiceField label="Bloco" data={BLOCK_OPTIONS} {...form.getInputProps('block')} />
          <ChoiceField label="Status" data={STATUS_OPTIONS} {...form.getInputProps('status')} />
          <MoneyInput label="Valor" required {...form.getInputProps('value')} />
          <MoneyInput label="Custo" required {...form.getInputProps('cost')} />
          <PtBrNumberInput
            label="Margem mínima (%)"
            required
            {...form.getInputProps('min_margin_percent')}
          />
          <PtBrNumberInput
            label="Limite de sessões"
            description="0 = sem limite"
            required
            whole
            {...form.getInputProps('session_limit')}
          />
        </SimpleGrid>
        <Divider
          label={
            <Text size="sm" fw={500}>
              Benefícios
            </Text>
          }
          labelPosition="left"
        />
        <Autocomplete
          label="Função principal"
          data={[...MAIN_FUNCTIONS]}
          {...form.getInputProps('benefits.main_function')}
        />
        <TextInput label="Benefício 1" {...form.getInputProps('benefits.benefit1')} />
        <TextInput label="Benefício 2" {...form.getInputProps('benefits.benefit2')} />
        <TextInput label="Benefício 3" {...form.getInputProps('benefits.benefit3')} />
        <TagsInput
          label="Técnicas e ingredientes"
          description="Enter ou vírgula separa; comparados com as alergias dos clientes"
          data={[...SERVICE_TRAIT_SUGGESTIONS]}
          maxTags={SERVICE_TRAITS_MAX}
          splitChars={[',', ';']}
          clearable
          {...form.getInputProps('traits')}
        />
        <Divider
          label={
            <Text size="sm" fw={500}>
              Dados clínicos
            </Text>
          }
          labelPosition="left"
        />
        <ClinicalTraitsFields value={traits} onChange={setTraits} error={traitsError} />
      </AdminForm>
      {service ? (
        <Stack gap="xs" mt="xl">
          <Divider
            label={
              <Text size="sm" fw={500}>
                Histórico de preços
              </Text>
            }
            labelPosition="left"
          />
          <ServicePriceHistory serviceId={service.id} />
        </Stack>
      ) : null}
    </>
  );
}
