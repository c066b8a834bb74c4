import {
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  MESSAGES,
  PACKAGE_MESSAGES,
  PACKAGE_STATUSES,
  SERVICE_STATUS_LABELS,
  type Package,
  type PackageCreate,
  type PackageStatus,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { formatMoneyInput, MoneyInput, parseMoneyInput } from '../../components/money-input';
import { errorMessage } from '../../lib/api-client';
import {
  isAllowed,
  isRestricted,
  NEW_PACKAGE_SELECTION,
  resolvedAllowedIds,
  selectionPayload,
  setAllowAll,
  toggleAllowed,
  toggleRestricted,
  type PackageProcedureSelection,
} from './package-selection';
import { useCreatePackage, useUpdatePackage } from '../../api/packages';
import { useServicesQuery } from '../../api/services';
import { ProcedurePicker } from './procedure-picker';

const STATUS_OPTIONS = PACKAGE_STATUSES.map((status) => ({
  value: status,
  label: SERVICE_STATUS_LABELS[status],
}));
const isStatus = (value: string | null): value is PackageStatus =>
  value !== null && (PACKAGE_STATUSES as readonly string[]).includes(value);

const BLOCK_KEYS = ['a', 'b', 'c', 'd'] as const;
type BlockKey = (typeof BLOCK_KEYS)[number];

const REQUIRED_NUMBER = 'Campo obrigatório.';
const INVALID_MONEY = 'Informe um valor válido, por exemplo 1.234,50.';

interface PackageFormValues {
  name: string;
  status: PackageStatus;
  /** Money as typed ("12.000,00"). */
  annualValue: string;
  /** NumberInput gives '' while empty. */
  discountPercent: number | string;
  blockLimits: Record<BlockKey, number | string>;
}

type PackageFormErrors = Partial<Record<'name' | 'annualValue', string>>;

function initialValues(pkg: Package | null): PackageFormValues {
  return {
    name: pkg?.name ?? '',
    status: pkg?.status ?? 'active',
    annualValue: pkg ? formatMoneyInput(pkg.annual_value) : '',
    discountPercent: pkg?.discount_percent ?? 0,
    // DESIGN section 6: a new package has 0 per block.
    blockLimits: pkg ? { ...pkg.block_limits } : { a: 0, b: 0, c: 0, d: 0 },
  };
}

function initialSelection(pkg: Package | null): PackageProcedureSelection {
  if (!pkg) return NEW_PACKAGE_SELECTION;
  return {
    allowAll: pkg.allow_all_procedures,
    allowed: pkg.allow_all_procedures ? [] : pkg.procedures,
    restricted: pkg.restricted_procedures,
  };
}

/** SPEC section 5: numeric fields are coerced to numbers, defaulting to 0. */
const toCount = (value: number | string): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0;

export interface PackageFormModalProps {
  opened: boolean;
  onClose: () => void;
  /**
   * A new value per opening restarts the form from the record's current values. A key on the
   * modal itself would remount it already open, and Mantine only remembers the element to give
   * the focus back to when `opened` changes on a mounted modal.
   */
  formKey?: number;
  /** The package being edited; absent for the create modal. */
  pkg: Package | null;
}

/** The create modal and 'Editar Pacote'. */
export function PackageFormModal({ opened, onClose, formKey, pkg }: PackageFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={pkg ? 'Editar Pacote' : 'Cadastro de Pacote'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {/* Mounted with the modal: every opening starts from the chosen package's values. */}
      <PackageForm key={formKey} pkg={pkg} onDone={onClose} />
    </Modal>
  );
}

export function PackageForm({ pkg, onDone }: { pkg: Package | null; onDone: () => void }) {
  const catalogueQuery = useServicesQuery();
  const createPackage = useCreatePackage();
  const updatePackage = useUpdatePackage();
  const mutation = pkg ? updatePackage : createPackage;
  const [values, setValues] = useState(() => initialValues(pkg));
  const [selection, setSelection] = useState(() => initialSelection(pkg));
  const [fieldErrors, setFieldErrors] = useState<PackageFormErrors>({});

  const services = catalogueQuery.data;
  const serviceIds = (services ?? []).map((service) => service.id);
  const catalogueReady = catalogueQuery.isSuccess;
  const allowedCount = resolvedAllowedIds(selection, serviceIds).filter((id) =>
    serviceIds.includes(id),
  ).length;

  const set = <K extends keyof PackageFormValues>(key: K, value: PackageFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setBlockLimit = (key: BlockKey, value: number | string) =>
    setValues((current) => ({ ...current, blockLimits: { ...current.blockLimits, [key]: value } }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending || !catalogueReady) return;
    const errors: PackageFormErrors = {};
    const name = values.name.trim();
    if (name === '') errors.name = PACKAGE_MESSAGES.nameRequired;
    const annualValue = parseMoneyInput(values.annualValue);
    if (values.annualValue.trim() === '') errors.annualValue = REQUIRED_NUMBER;
    else if (annualValue === null) errors.annualValue = INVALID_MONEY;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0 || annualValue === null) return;

    const discount = typeof values.discountPercent === 'number' ? values.discountPercent : 0;
    const payload: PackageCreate = {
      name,
      status: values.status,
      annual_value: annualValue,
      discount_percent: Math.min(100, Math.max(0, discount)),
      block_limits: {
        a: toCount(values.blockLimits.a),
        b: toCount(values.blockLimits.b),
        c: toCount(values.blockLimits.c),
        d: toCount(values.blockLimits.d),
      },
      ...selectionPayload(selection),
    };
    if (pkg) updatePackage.mutate({ id: pkg.id, changes: payload }, { onSuccess: onDone });
    else createPackage.mutate(payload, { onSuccess: onDone });
  };

  const serverError = mutation.isError
    ? errorMessage(mutation.error, {
        byStatus: { 409: PACKAGE_MESSAGES.nameTaken, 422: MESSAGES.invalidData },
        fallback: pkg ? PACKAGE_MESSAGES.updateFailed : PACKAGE_MESSAGES.createFailed,
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
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Nome"
            required
            data-autofocus
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={fieldErrors.name}
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
            label="Valor anual"
            required
            value={values.annualValue}
            onChange={(text) => set('annualValue', text)}
            error={fieldErrors.annualValue}
          />
          <NumberInput
            label="Desconto (%)"
            min={0}
            max={100}
            clampBehavior="blur"
            decimalScale={2}
            decimalSeparator=","
            allowNegative={false}
            value={values.discountPercent}
            onChange={(value) => set('discountPercent', value)}
          />
        </SimpleGrid>
        <Fieldset legend="Limites por bloco" variant="unstyled">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {BLOCK_KEYS.map((key) => (
              <NumberInput
                key={key}
                label={`Bloco ${key.toUpperCase()}`}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                value={values.blockLimits[key]}
                onChange={(value) => setBlockLimit(key, value)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ProcedurePicker
            legend="Procedimentos permitidos"
            services={services}
            loading={catalogueQuery.isPending}
            failed={catalogueQuery.isError}
            isChecked={(id) => isAllowed(selection, id)}
            onToggle={(id) => setSelection((current) => toggleAllowed(current, id, serviceIds))}
            selectAll={{
              checked: selection.allowAll,
              indeterminate: !selection.allowAll && allowedCount > 0,
              onChange: (checked) => setSelection((current) => setAllowAll(current, checked)),
            }}
          />
          <ProcedurePicker
            legend="Procedimentos restritos"
            services={services}
            loading={catalogueQuery.isPending}
            failed={catalogueQuery.isError}
            isChecked={(id) => isRestricted(selection, id)}
            onToggle={(id) => setSelection((current) => toggleRestricted(current, id))}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            Cancelar
          </Button>
          {/* Saving needs the catalogue: the pickers are part of what is sent. */}
          <Button type="submit" disabled={mutation.isPending || !catalogueReady}>
            {mutation.isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
