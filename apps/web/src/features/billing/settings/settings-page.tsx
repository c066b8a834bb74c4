import {
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Textarea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CARE_SETTINGS_MESSAGES,
  MESSAGES,
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
  PAYMENT_METHODS,
  UNITS,
  UNIT_PIX_FORM_MESSAGES,
  careSettingsFormSchema,
  formatFeePercent,
  unitPixBody,
  unitPixFormSchema,
  unitPixFormValues,
  type PaymentMethod,
  type Unit,
  type UnitBillingSettings,
} from '@portal/domain';
import { IconEdit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  useUnitBillingQuery,
  useUpdateUnitBillingMutation,
} from '../../../api/billing/unit-settings';
import {
  useCareSettingsQuery,
  useUpdateCareSettingsMutation,
} from '../../../api/care/care-settings';
import {
  AdminForm,
  AdminFormModal,
  useFormModal,
  type FormModalProps,
} from '../../../components/admin/form-modal';
import { notifySuccess } from '../../../components/admin/notify';
import { ChoiceField } from '../../../components/form/fields';
import { formatNumberInput, PtBrNumberInput } from '../../../components/form/number-input';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useSubmitGuard } from '../../../components/form/use-submit-guard';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { errorMessage } from '../../../lib/api-client';

const PROVIDER_SHORT: Record<PaymentMethod, string> = {
  pix_manual: 'Pix manual (QR Code estático)',
  api_pix: 'API Pix do Banco Central',
};

/**
 * 'Configurações' (admins, issues 28 and 29): the network's cancellation fee and each unit's Pix
 * (the BR Code's key, name and city, and the API Pix access). Secrets are never shown: the API
 * answers only whether each is set, and a new one replaces it.
 */
export default function SettingsPage() {
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h2">
          Configurações
        </Title>
        <Text c="dimmed" size="sm">
          Regras da rede e o Pix de cada unidade. Só administradores alteram.
        </Text>
      </div>
      <CancellationFeeSection />
      <UnitPixSection />
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Multa de cancelamento (issue 28)
// ---------------------------------------------------------------------------------------------

function CancellationFeeSection() {
  const settings = useCareSettingsQuery();
  const modal = useFormModal<number>();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="multa">
      <Stack gap="sm">
        <Title order={2} size="h4" id="multa">
          Cancelamento de contratos
        </Title>
        {settings.isPending ? (
          <Skeleton h={48} aria-label="Carregando a multa de cancelamento" />
        ) : settings.isError ? (
          <LoadErrorAlert
            text={CARE_SETTINGS_MESSAGES.loadFailed}
            onRetry={() => settings.refetch()}
          />
        ) : (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <div>
              <Text fw={600} data-testid="multa-atual">
                Multa de cancelamento: {formatFeePercent(settings.data.cancellation_fee_percent)}
              </Text>
              <Text size="sm" c="dimmed">
                Cobrada sobre a parte não usada do contrato quando a cliente cancela depois dos 7
                dias de desistência. Vale para os próximos orçamentos de cancelamento.
              </Text>
            </div>
            <Button
              variant="default"
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => modal.open(settings.data.cancellation_fee_percent)}
            >
              Alterar multa
            </Button>
          </Group>
        )}
      </Stack>
      <AdminFormModal {...modal.props} title="Multa de cancelamento" size="md">
        {modal.editing !== null ? (
          <CancellationFeeForm current={modal.editing} onDone={modal.close} />
        ) : null}
      </AdminFormModal>
    </Paper>
  );
}

function CancellationFeeForm({ current, onDone }: { current: number; onDone: () => void }) {
  const update = useUpdateCareSettingsMutation();
  const guard = useSubmitGuard();
  const form = useSchemaForm(careSettingsFormSchema, {
    cancellation_fee_percent: formatNumberInput(current),
  });
  const submit = form.onSubmit((values) => {
    const body = careSettingsFormSchema.parse(values);
    guard(async () => {
      await update.mutateAsync(body);
      notifySuccess(CARE_SETTINGS_MESSAGES.saved);
      onDone();
    });
  });
  return (
    <AdminForm
      onSubmit={submit}
      onCancel={onDone}
      saving={{
        pending: update.isPending,
        serverError: update.isError
          ? errorMessage(update.error, {
              byStatus: { 422: MESSAGES.invalidData },
              fallback: CARE_SETTINGS_MESSAGES.saveFailed,
            })
          : null,
      }}
    >
      <PtBrNumberInput
        label="Multa de cancelamento (%)"
        description="De 0 a 100, com até duas casas decimais (ex.: 10 ou 12,5)."
        required
        {...form.getInputProps('cancellation_fee_percent')}
      />
    </AdminForm>
  );
}

// ---------------------------------------------------------------------------------------------
// Pix por unidade (issue 29)
// ---------------------------------------------------------------------------------------------

function isUnit(value: string | null): value is Unit {
  return value !== null && (UNITS as readonly string[]).includes(value);
}

function SecretState({ set }: { set: boolean }) {
  return (
    <Badge variant="light" color={set ? 'teal' : 'gray'} tt="none">
      {set ? 'configurado' : 'não configurado'}
    </Badge>
  );
}

function UnitPixSection() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('unidade');
  const unit: Unit = isUnit(requested) ? requested : UNITS[0];
  const settings = useUnitBillingQuery(unit);
  const modal = useFormModal<UnitBillingSettings>();
  const chooseUnit = (value: string | null) => {
    if (!isUnit(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('unidade', value);
        return next;
      },
      { replace: true },
    );
  };
  const data = settings.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="pix-unidade">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="pix-unidade">
            Pix da unidade
          </Title>
          <Text size="sm" c="dimmed">
            A chave, o nome e a cidade vão no código Pix (copia e cola) de cada parcela; com a API
            Pix, as cobranças saem pelo banco da unidade.
          </Text>
        </div>
        <Select
          label="Unidade"
          data={[...UNITS]}
          value={unit}
          onChange={chooseUnit}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 280 }}
        />
        {settings.isPending ? (
          <Skeleton h={160} aria-label="Carregando o Pix da unidade" />
        ) : settings.isError || !data ? (
          <LoadErrorAlert
            text={UNIT_PIX_FORM_MESSAGES.loadFailed}
            onRetry={() => settings.refetch()}
          />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              <Fact label="Chave Pix" value={data.pix_key ?? 'não cadastrada'} />
              <Fact label="Nome do recebedor" value={data.pix_merchant_name ?? '—'} />
              <Fact label="Cidade do recebedor" value={data.pix_merchant_city ?? '—'} />
              <Fact label="Provedor" value={PROVIDER_SHORT[data.provider]} />
              <Fact label="URL base da API Pix" value={data.api_base_url ?? '—'} />
              <Fact label="URL de token OAuth2" value={data.api_token_url ?? '—'} />
              <Fact label="Client id OAuth2" value={data.api_client_id ?? '—'} />
              <Fact
                label="Conta (Pix Automático)"
                value={
                  data.account_number && data.account_type
                    ? `${data.account_branch ? `Ag. ${data.account_branch} · ` : ''}${data.account_number} · ${ACCOUNT_TYPE_LABELS[data.account_type]}`
                    : 'Não configurada'
                }
              />
              <Fact
                label="Client secret OAuth2"
                value={<SecretState set={data.api_client_secret_set} />}
              />
              <Fact
                label="Segredo do webhook"
                value={<SecretState set={data.webhook_secret_set} />}
              />
              <Fact
                label="Certificado mTLS"
                value={<SecretState set={data.api_certificate_set} />}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Certificado mTLS: as instituições o exigem na API Pix; o certificado e a chave privada
              da unidade são usados em cada conexão e nunca são exibidos.
            </Text>
            <Group>
              <Button
                leftSection={<IconEdit size={16} aria-hidden />}
                onClick={() => modal.open(data)}
              >
                Editar Pix
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <UnitPixModal {...modal.props} unit={unit} settings={modal.editing} />
    </Paper>
  );
}

function UnitPixModal({
  unit,
  settings,
  ...props
}: FormModalProps & { unit: Unit; settings: UnitBillingSettings | null }) {
  return (
    <AdminFormModal {...props} title={`Pix da unidade ${unit}`}>
      {settings ? <UnitPixForm unit={unit} settings={settings} onDone={props.onClose} /> : null}
    </AdminFormModal>
  );
}

function UnitPixForm({
  unit,
  settings,
  onDone,
}: {
  unit: Unit;
  settings: UnitBillingSettings;
  onDone: () => void;
}) {
  const update = useUpdateUnitBillingMutation(unit);
  const guard = useSubmitGuard();
  const schema = unitPixFormSchema({ clientSecretSet: settings.api_client_secret_set });
  const form = useSchemaForm(schema, unitPixFormValues(settings));
  const api = form.values.provider === 'api_pix';
  const submit = form.onSubmit((values) => {
    const body = unitPixBody(schema.parse(values));
    guard(async () => {
      await update.mutateAsync(body);
      notifySuccess(UNIT_PIX_FORM_MESSAGES.saved);
      onDone();
    });
  });
  const keepHint = (set: boolean) =>
    set ? 'Configurado. Deixe em branco para manter; digite para substituir.' : 'Não configurado.';
  return (
    <AdminForm
      onSubmit={submit}
      onCancel={onDone}
      saving={{
        pending: update.isPending,
        serverError: update.isError
          ? errorMessage(update.error, {
              byStatus: { 422: MESSAGES.invalidData },
              fallback: UNIT_PIX_FORM_MESSAGES.saveFailed,
            })
          : null,
      }}
    >
      <TextInput
        label="Chave Pix"
        description="CPF, CNPJ, e-mail, celular com +55 e DDD ou chave aleatória."
        required
        autoComplete="off"
        {...form.getInputProps('pix_key')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Nome do recebedor"
          description="Como aparece no app do banco (até 25 caracteres)."
          required
          {...form.getInputProps('pix_merchant_name')}
        />
        <TextInput
          label="Cidade do recebedor"
          description="Até 15 caracteres."
          required
          {...form.getInputProps('pix_merchant_city')}
        />
      </SimpleGrid>
      <ChoiceField
        label="Provedor"
        data={PAYMENT_METHODS.map((method) => ({ value: method, label: PROVIDER_SHORT[method] }))}
        required
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('provider')}
      />
      {api ? (
        <>
          <TextInput
            label="URL base da API Pix"
            placeholder="https://api.banco.com.br/pix/v2"
            required
            {...form.getInputProps('api_base_url')}
          />
          <TextInput
            label="URL de token OAuth2"
            placeholder="https://api.banco.com.br/oauth/token"
            required
            {...form.getInputProps('api_token_url')}
          />
          <TextInput
            label="Client id OAuth2"
            required
            autoComplete="off"
            {...form.getInputProps('api_client_id')}
          />
          <PasswordInput
            label="Client secret OAuth2"
            description={keepHint(settings.api_client_secret_set)}
            autoComplete="new-password"
            {...form.getInputProps('api_client_secret')}
          />
          <Textarea
            label="Certificado mTLS (PEM)"
            description={keepHint(settings.api_certificate_set)}
            placeholder="-----BEGIN CERTIFICATE-----"
            autoComplete="off"
            spellCheck={false}
            rows={4}
            styles={{ input: { fontFamily: 'monospace' } }}
            {...form.getInputProps('api_certificate')}
          />
          <Textarea
            label="Chave privada do certificado (PEM)"
            description={`${keepHint(settings.api_certificate_set)} Sem senha; guardada cifrada.`}
            placeholder="-----BEGIN PRIVATE KEY-----"
            autoComplete="off"
            spellCheck={false}
            rows={4}
            styles={{ input: { fontFamily: 'monospace' } }}
            {...form.getInputProps('api_private_key')}
          />
          <Text size="sm" fw={600}>
            Conta da unidade (Pix Automático)
          </Text>
          <Text size="xs" c="dimmed">
            Para onde vão as parcelas debitadas pelo Pix Automático. Sem a conta, os planos usam
            cobrança com vencimento a cada parcela.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label="Agência"
              description="Até 4 dígitos."
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps('account_branch')}
            />
            <TextInput
              label="Conta"
              description="Só números, com o dígito."
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps('account_number')}
            />
            <ChoiceField
              label="Tipo de conta"
              data={[
                { value: '', label: 'Não informado' },
                ...ACCOUNT_TYPES.map((type) => ({ value: type, label: ACCOUNT_TYPE_LABELS[type] })),
              ]}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('account_type')}
            />
          </SimpleGrid>
        </>
      ) : null}
      <PasswordInput
        label="Segredo do webhook"
        description={`${keepHint(settings.webhook_secret_set)} De 16 a 200 caracteres: letras, números, hífen ou sublinhado.`}
        autoComplete="new-password"
        {...form.getInputProps('webhook_secret')}
      />
    </AdminForm>
  );
}
