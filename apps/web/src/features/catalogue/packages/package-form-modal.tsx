import { Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import {
  PACKAGE_STATUSES,
  SERVICE_STATUS_LABELS,
  type Package,
  packageCreateSchema,
  type PackageStatus,
} from '@portal/domain';
import { useState } from 'react';
import { formatNumberInput, PtBrNumberInput } from '../../../components/form/number-input';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { formatMoneyInput, MoneyInput } from '../../../components/money-input';
import { AdminForm, adminFormModal, useSaveRecord } from '../../../components/admin/form-modal';
import { labelledOptions } from '../../../components/form/options';
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
import { packageMutations } from '../../../api/catalogue/packages';
import { useServicesQuery } from '../../../api/catalogue/services';
import { ProcedurePicker } from './procedure-picker';
import { ChoiceField } from '../../../components/form/fields';

const STATUS_OPTIONS = labelledOptions(PACKAGE_STATUSES, SERVICE_STATUS_LABELS);

const BLOCK_KEYS = ['a', 'b', 'c', 'd'] as const;
type BlockKey = (typeof BLOCK_KEYS)[number];

/** What the fields hold: numbers as typed; the domain's create schema reads and checks them. */
interface PackageFormValues extends Record<string, unknown> {
  name: string;
  status: PackageStatus;
  annual_value: string;
  discount_percent: string;
  block_limits: Record<BlockKey, string>;
}

function initialValues(pkg: Package | null): PackageFormValues {
  // DESIGN section 6: a new package has 0 per block.
  const limits = pkg?.block_limits ?? { a: 0, b: 0, c: 0, d: 0 };
  return {
    name: pkg?.name ?? '',
    status: pkg?.status ?? 'active',
    annual_value: pkg ? formatMoneyInput(pkg.annual_value) : '',
    discount_percent: formatNumberInput(pkg?.discount_percent ?? 0),
    block_limits: {
      a: String(limits.a),
      b: String(limits.b),
      c: String(limits.c),
      d: String(limits.d),
    },
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

/** The create modal and 'Editar Pacote'. */
export const PackageFormModal = adminFormModal(({ pkg }: { pkg: Package | null }) => ({
  title: pkg ? 'Editar Pacote' : 'Cadastro de Pacote',
  size: 'xl',
  form: (onDone) => <PackageForm pkg={pkg} onDone={onDone} />,
}));

export function PackageForm({ pkg, onDone }: { pkg: Package | null; onDone: () => void }) {
  const catalogueQuery = useServicesQuery();
  const form = useSchemaForm(packageCreateSchema, initialValues(pkg));
  const saving = useSaveRecord(pkg, packageMutations, onDone);
  const [selection, setSelection] = useState(() => initialSelection(pkg));

  const services = catalogueQuery.data;
  /** Both pickers list the whole catalogue, and wait for it or say it failed. */
  const catalogue = {
    services,
    loading: catalogueQuery.isPending,
    failed: catalogueQuery.isError,
  };
  const serviceIds = (services ?? []).map((service) => service.id);
  const catalogueReady = catalogueQuery.isSuccess;
  const allowedCount = resolvedAllowedIds(selection, serviceIds).filter((id) =>
    serviceIds.includes(id),
  ).length;

  const submit = form.onSubmit((values) => {
    if (!catalogueReady) return;
    // Money, the discount (0–100, never clamped) and whole-number limits are read by the
    // domain's schema: '1,5' in a block limit or 150 % is refused with its message.
    // The form has no overall session limit: it is left as it is (not sent as null).
    const { session_limit: _notEdited, ...fields } = packageCreateSchema.parse(values);
    saving.save({ ...fields, ...selectionPayload(selection) });
  });

  return (
    <AdminForm
      onSubmit={submit}
      saving={saving}
      onCancel={onDone}
      pendingLabel="Salvando..."
      // Saving needs the catalogue: the pickers are part of what is sent.
      disabled={!catalogueReady}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Nome" required data-autofocus {...form.getInputProps('name')} />
        <ChoiceField label="Status" data={STATUS_OPTIONS} {...form.getInputProps('status')} />
        <MoneyInput label="Valor anual" required {...form.getInputProps('annual_value')} />
        <PtBrNumberInput label="Desconto (%)" {...form.getInputProps('discount_percent')} />
      </SimpleGrid>
      <Fieldset legend="Limites por bloco" variant="unstyled">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {BLOCK_KEYS.map((key) => (
            <PtBrNumberInput
              key={key}
              label={`Bloco ${key.toUpperCase()}`}
              whole
              {...form.getInputProps(`block_limits.${key}`)}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ProcedurePicker
          legend="Procedimentos permitidos"
          {...catalogue}
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
          {...catalogue}
          isChecked={(id) => isRestricted(selection, id)}
          onToggle={(id) => setSelection((current) => toggleRestricted(current, id))}
        />
      </SimpleGrid>
    </AdminForm>
  );
}
