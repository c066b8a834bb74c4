import {
  Alert,
  Autocomplete,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  MAIN_FUNCTIONS,
  MESSAGES,
  SERVICE_BLOCKS,
  SERVICE_MESSAGES,
  SERVICE_STATUS_LABELS,
  SERVICE_STATUSES,
  type Service,
  type ServiceBlock,
  type ServiceCreate,
  type ServiceStatus,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { formatMoneyInput, MoneyInput, parseMoneyInput } from '../../components/money-input';
import { errorMessage } from '../../lib/api-client';
import { useCreateService, useUpdateService } from '../../api/services';

const BLOCK_OPTIONS = SERVICE_BLOCKS.map((block) => ({ value: block, label: `Bloco ${block}` }));
const STATUS_OPTIONS = SERVICE_STATUSES.map((status) => ({
  value: status,
  label: SERVICE_STATUS_LABELS[status],
}));

const isBlock = (value: string | null): value is ServiceBlock =>
  value !== null && (SERVICE_BLOCKS as readonly string[]).includes(value);
const isStatus = (value: string | null): value is ServiceStatus =>
  value !== null && (SERVICE_STATUSES as readonly string[]).includes(value);

/** Shown under a required number the admin emptied. */
const REQUIRED_NUMBER = 'Campo obrigatório.';
const INVALID_MONEY = 'Informe um valor válido, por exemplo 1.234,50.';

export interface ServiceFormValues {
  name: string;
  description: string;
  block: ServiceBlock;
  status: ServiceStatus;
  /** Money as typed ("1.234,50"). */
  value: string;
  cost: string;
  /** NumberInput gives '' while empty. */
  minMarginPercent: number | string;
  sessionLimit: number | string;
  mainFunction: string;
  benefit1: string;
  benefit2: string;
  benefit3: string;
}

type ServiceField = 'name' | 'value' | 'cost' | 'minMarginPercent' | 'sessionLimit';
export type ServiceFormErrors = Partial<Record<ServiceField, string>>;

export function initialServiceValues(service: Service | null): ServiceFormValues {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    block: service?.block ?? 'A',
    status: service?.status ?? 'active',
    value: formatMoneyInput(service?.value ?? 0),
    cost: formatMoneyInput(service?.cost ?? 0),
    minMarginPercent: service?.min_margin_percent ?? 0,
    sessionLimit: service?.session_limit ?? 0,
    mainFunction: service?.benefits.main_function ?? '',
    benefit1: service?.benefits.benefit1 ?? '',
    benefit2: service?.benefits.benefit2 ?? '',
    benefit3: service?.benefits.benefit3 ?? '',
  };
}

/**
 * SPEC section 5: the name is required, money and numbers are required, the margin is clamped to
 * 0–100, the session limit is a whole number ≥ 0, comma decimals are accepted and blank benefit
 * texts are dropped. Returns the body to send, or the message of each bad field.
 */
export function buildServicePayload(
  values: ServiceFormValues,
): { payload: ServiceCreate; errors: null } | { payload: null; errors: ServiceFormErrors } {
  const errors: ServiceFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = SERVICE_MESSAGES.nameRequired;

  const value = parseMoneyInput(values.value);
  if (values.value.trim() === '') errors.value = REQUIRED_NUMBER;
  else if (value === null) errors.value = INVALID_MONEY;
  const cost = parseMoneyInput(values.cost);
  if (values.cost.trim() === '') errors.cost = REQUIRED_NUMBER;
  else if (cost === null) errors.cost = INVALID_MONEY;

  const margin = typeof values.minMarginPercent === 'number' ? values.minMarginPercent : null;
  if (margin === null) errors.minMarginPercent = REQUIRED_NUMBER;
  const sessionLimit = typeof values.sessionLimit === 'number' ? values.sessionLimit : null;
  if (sessionLimit === null) errors.sessionLimit = REQUIRED_NUMBER;
  else if (!Number.isInteger(sessionLimit) || sessionLimit < 0) {
    errors.sessionLimit = SERVICE_MESSAGES.sessionLimitInvalid;
  }

  if (Object.keys(errors).length > 0 || value === null || cost === null || margin === null) {
    return { payload: null, errors };
  }
  const blankToNull = (text: string) => text.trim() || null;
  return {
    errors: null,
    payload: {
      name,
      description: values.description.trim(),
      block: values.block,
      status: values.status,
      value,
      cost,
      min_margin_percent: Math.min(100, Math.max(0, margin)),
      session_limit: sessionLimit ?? 0,
      benefits: {
        main_function: blankToNull(values.mainFunction),
        benefit1: blankToNull(values.benefit1),
        benefit2: blankToNull(values.benefit2),
        benefit3: blankToNull(values.benefit3),
      },
    },
  };
}

export interface ServiceFormModalProps {
  opened: boolean;
  onClose: () => void;
  /**
   * A new value per opening restarts the form from the record's current values. A key on the
   * modal itself would remount it already open, and Mantine only remembers the element to give
   * the focus back to when `opened` changes on a mounted modal.
   */
  formKey?: number;
  /** The service being edited; absent for 'Cadastro de Serviço'. */
  service: Service | null;
}

/** 'Cadastro de Serviço' and 'Editar Serviço'; Escape and a backdrop click close them. */
export function ServiceFormModal({ opened, onClose, formKey, service }: ServiceFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={service ? 'Editar Serviço' : 'Cadastro de Serviço'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {/* Mounted with the modal: every opening starts from the chosen service's values. */}
      <ServiceForm key={formKey} service={service} onDone={onClose} />
    </Modal>
  );
}

function ServiceForm({ service, onDone }: { service: Service | null; onDone: () => void }) {
  const createService = useCreateService();
  const updateService = useUpdateService();
  const mutation = service ? updateService : createService;
  const [values, setValues] = useState(() => initialServiceValues(service));
  const [fieldErrors, setFieldErrors] = useState<ServiceFormErrors>({});

  const set = <K extends keyof ServiceFormValues>(key: K, value: ServiceFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const { payload, errors } = buildServicePayload(values);
    setFieldErrors(errors ?? {});
    if (!payload) return;
    if (service) {
      updateService.mutate({ id: service.id, changes: payload }, { onSuccess: onDone });
    } else {
      createService.mutate(payload, { onSuccess: onDone });
    }
  };

  const serverError = mutation.isError
    ? errorMessage(mutation.error, {
        byStatus: { 409: SERVICE_MESSAGES.nameTaken, 422: MESSAGES.invalidData },
        fallback: service ? SERVICE_MESSAGES.updateFailed : SERVICE_MESSAGES.createFailed,
      })
    : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          label="Nome"
          required
          data-autofocus
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={fieldErrors.name}
        />
        <Textarea
          label="Descrição"
          rows={3}
          resize="vertical"
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Bloco"
            data={BLOCK_OPTIONS}
            value={values.block}
            onChange={(value) => {
              if (isBlock(value)) set('block', value);
            }}
            allowDeselect={false}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={values.status}
            onChange={(value) => {
              if (isStatus(value)) set('status', value);
            }}
            allowDeselect={false}
          />
          <MoneyInput
            label="Valor"
            required
            value={values.value}
            onChange={(text) => set('value', text)}
            error={fieldErrors.value}
          />
          <MoneyInput
            label="Custo"
            required
            value={values.cost}
            onChange={(text) => set('cost', text)}
            error={fieldErrors.cost}
          />
          <NumberInput
            label="Margem mínima (%)"
            required
            min={0}
            max={100}
            clampBehavior="blur"
            decimalScale={2}
            decimalSeparator=","
            allowNegative={false}
            value={values.minMarginPercent}
            onChange={(value) => set('minMarginPercent', value)}
            error={fieldErrors.minMarginPercent}
          />
          <NumberInput
            label="Limite de sessões"
            description="0 = sem limite"
            required
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={values.sessionLimit}
            onChange={(value) => set('sessionLimit', value)}
            error={fieldErrors.sessionLimit}
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
          value={values.mainFunction}
          onChange={(value) => set('mainFunction', value)}
        />
        <TextInput
          label="Benefício 1"
          value={values.benefit1}
          onChange={(event) => set('benefit1', event.currentTarget.value)}
        />
        <TextInput
          label="Benefício 2"
          value={values.benefit2}
          onChange={(event) => set('benefit2', event.currentTarget.value)}
        />
        <TextInput
          label="Benefício 3"
          value={values.benefit3}
          onChange={(event) => set('benefit3', event.currentTarget.value)}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
