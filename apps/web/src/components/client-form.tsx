import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  CONSENT_CHANNEL_LABELS,
  CONSENT_CHANNELS,
  CONSENT_PURPOSE_LABELS,
  CONSENT_PURPOSES,
  CONSENT_TEXTS,
  CURRENT_CONSENT_TEXT_VERSION,
  UNITS,
  clientCreateSchema,
  type Client,
  type ClientCreate,
  type ConsentChannel,
  type ConsentCreate,
  type ConsentPurpose,
  type Unit,
} from '@portal/domain';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import {
  AllergiesField,
  HEALTH_CONDITION_NOTE_MAX,
  HealthConditionsField,
  type HealthConditionValue,
} from './clinical-fields';

/**
 * The new-client form (issue 13): the record's fields, the consents collected now, and the
 * sensitive part (allergies, health flags, contraindications) shown only once the client has
 * agreed to the health-data consent text on screen (LGPD art. 11). Validation uses the same
 * domain schema as the API, so a wrong CPF reads 'CPF inválido.' before any request.
 */

const UNIT_OPTIONS = UNITS.map((unit) => ({ value: unit, label: unit }));
const CHANNEL_OPTIONS = CONSENT_CHANNELS.map((channel) => ({
  value: channel,
  label: CONSENT_CHANNEL_LABELS[channel],
}));

type TextField =
  | 'full_name'
  | 'preferred_name'
  | 'salutation'
  | 'phone'
  | 'email'
  | 'cpf'
  | 'birth_date'
  | 'notes';
type ListField =
  'preferences' | 'important_dates' | 'channels' | 'health_flags' | 'contraindications';
type FieldName = TextField | ListField | 'unit' | 'allergies' | 'health_conditions';

export type ClientFormValues = Record<TextField | ListField, string> & {
  unit: Unit | null;
  /** Allergen codes (allergens.ts) or typed text. */
  allergies: string[];
  /** Codes of the domain's conditions, each with an optional note (issue 26). */
  health_conditions: HealthConditionValue[];
};

/** The record as the form edits it: the API's client with its coded conditions (issue 26). */
export type EditableClient = Client & { health_conditions?: HealthConditionValue[] };

/** The body the form sends: the API's, plus the coded conditions. */
export type ClientFormBody = ClientCreate & { health_conditions?: HealthConditionValue[] };

const emptyValues = (unit: Unit | null): ClientFormValues => ({
  full_name: '',
  preferred_name: '',
  salutation: '',
  phone: '',
  email: '',
  cpf: '',
  birth_date: '',
  notes: '',
  preferences: '',
  important_dates: '',
  channels: '',
  allergies: [],
  health_conditions: [],
  health_flags: '',
  contraindications: '',
  unit,
});

/** One item per line. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export interface ClientFormSubmit {
  body: ClientFormBody;
  /** The consents the client gave now, each with the version of the text shown. */
  consents: Omit<ConsentCreate, 'granted'>[];
}

export interface ClientFormProps {
  /** The signed-in user's unit, preselected. */
  defaultUnit: Unit | null;
  submitting: boolean;
  /** The server's refusal, shown above the buttons. */
  error: string | null;
  submitLabel?: string;
  onSubmit: (value: ClientFormSubmit) => void;
  onCancel?: () => void;
  /** The compact form (builder dialog): name, contact and the consents only. */
  compact?: boolean;
  initialName?: string;
  /** What the assistant learnt (goal, preferences), one per line: shown even in compact form. */
  initialPreferences?: string;
  /**
   * Editing this client (PATCH): its values to start from, no consent boxes (the ledger is on
   * the detail page), and the sensitive fields only while its health-data consent is granted.
   */
  editing?: EditableClient;
}

/** A stored client as the form's text fields (lists one item per line). */
function valuesOf(client: EditableClient): ClientFormValues {
  const text = (value: string | null) => value ?? '';
  return {
    full_name: client.full_name,
    preferred_name: text(client.preferred_name),
    salutation: text(client.salutation),
    phone: text(client.phone),
    email: text(client.email),
    cpf: text(client.cpf),
    birth_date: text(client.birth_date),
    notes: text(client.notes),
    preferences: client.preferences.join('\n'),
    important_dates: client.important_dates.join('\n'),
    channels: client.channels.join('\n'),
    allergies: [...client.allergies],
    health_conditions: (client.health_conditions ?? []).map((entry) => ({ ...entry })),
    health_flags: client.health_flags.join('\n'),
    contraindications: client.contraindications.join('\n'),
    unit: client.unit,
  };
}

export function ClientForm({
  defaultUnit,
  submitting,
  error,
  submitLabel = 'Salvar cliente',
  onSubmit,
  onCancel,
  compact = false,
  initialName = '',
  initialPreferences = '',
  editing,
}: ClientFormProps) {
  const [values, setValues] = useState<ClientFormValues>(() =>
    editing
      ? valuesOf(editing)
      : { ...emptyValues(defaultUnit), full_name: initialName, preferences: initialPreferences },
  );
  // The compact form shows the preferences it was handed, so nothing goes on record unseen.
  const showPreferencesOnly = compact && initialPreferences.trim() !== '';
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [granted, setGranted] = useState<Record<ConsentPurpose, boolean>>(
    () => editing?.consents ?? { health_data: false, marketing: false, photos: false },
  );
  const [channel, setChannel] = useState<ConsentChannel>('presencial');

  const set = (field: TextField | ListField) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ClientFormBody = {
      full_name: values.full_name,
      preferred_name: values.preferred_name,
      salutation: values.salutation,
      phone: values.phone,
      email: values.email,
      cpf: values.cpf,
      birth_date: values.birth_date,
      unit: values.unit,
      notes: values.notes,
      preferences: lines(values.preferences),
      important_dates: lines(values.important_dates),
      channels: lines(values.channels),
      // Without the health-data consent the sensitive part is not even sent.
      allergies: granted.health_data ? values.allergies : [],
      health_conditions: granted.health_data
        ? values.health_conditions.map((entry) => ({
            code: entry.code,
            note: entry.note?.trim() ? entry.note.trim() : null,
          }))
        : [],
      health_flags: granted.health_data ? lines(values.health_flags) : [],
      contraindications: granted.health_data ? lines(values.contraindications) : [],
    };
    const parsed = clientCreateSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && !(field in found)) {
          found[field as FieldName] = issue.message;
        }
      }
      setErrors(found);
      return;
    }
    const longNote = body.health_conditions?.find(
      (entry) => (entry.note?.length ?? 0) > HEALTH_CONDITION_NOTE_MAX,
    );
    if (longNote) {
      setErrors({
        health_conditions: `Cada observação deve ter no máximo ${HEALTH_CONDITION_NOTE_MAX} caracteres.`,
      });
      return;
    }
    setErrors({});
    if (editing && !granted.health_data) {
      // Without the consent the server refuses sensitive fields, even empty ones: leave them out.
      delete body.allergies;
      delete body.health_conditions;
      delete body.health_flags;
      delete body.contraindications;
    }
    onSubmit({
      body,
      consents: CONSENT_PURPOSES.filter((purpose) => granted[purpose]).map((purpose) => ({
        purpose,
        channel,
        text_version: CURRENT_CONSENT_TEXT_VERSION,
      })),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Cadastro de cliente">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nome completo" required autoComplete="off" {...set('full_name')} />
          <TextInput label="Telefone (WhatsApp)" type="tel" {...set('phone')} />
          {compact ? null : (
            <>
              <TextInput label="Como prefere ser chamado(a)" {...set('preferred_name')} />
              <TextInput label="Tratamento" placeholder="Sra., Sr., Dra." {...set('salutation')} />
            </>
          )}
          <TextInput label="Email" type="email" {...set('email')} />
          <TextInput label="CPF" inputMode="numeric" placeholder="000.000.000-00" {...set('cpf')} />
          {compact ? null : (
            <>
              <TextInput label="Data de nascimento" type="date" {...set('birth_date')} />
              <Select
                label="Unidade"
                data={UNIT_OPTIONS}
                value={values.unit}
                error={errors.unit}
                searchable
                onChange={(value) =>
                  setValues((current) => ({ ...current, unit: (value as Unit | null) ?? null }))
                }
              />
            </>
          )}
        </SimpleGrid>
        {compact ? null : (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Textarea
              label="Preferências"
              description="Uma por linha"
              rows={3}
              {...set('preferences')}
            />
            <Textarea
              label="Datas importantes"
              description="Uma por linha"
              rows={3}
              {...set('important_dates')}
            />
            <Textarea
              label="Canais de contato"
              description="Um por linha"
              rows={3}
              {...set('channels')}
            />
          </SimpleGrid>
        )}
        {showPreferencesOnly ? (
          <Textarea
            label="Preferências"
            description="Uma por linha"
            rows={3}
            {...set('preferences')}
          />
        ) : null}
        {compact ? null : <Textarea label="Observações" rows={3} {...set('notes')} />}

        {editing ? null : (
          <Fieldset legend="Consentimentos (LGPD)" radius="md">
            <Stack gap="sm">
              <Select
                label="Canal da coleta"
                data={CHANNEL_OPTIONS}
                value={channel}
                allowDeselect={false}
                onChange={(value) => setChannel((value as ConsentChannel | null) ?? 'presencial')}
                maw={260}
              />
              {CONSENT_PURPOSES.map((purpose) => (
                <Paper
                  key={purpose}
                  withBorder
                  p="sm"
                  radius="md"
                  bg={purpose === 'health_data' ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  <Checkbox
                    checked={granted[purpose]}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setGranted((current) => ({ ...current, [purpose]: checked }));
                    }}
                    label={`${CONSENT_PURPOSE_LABELS[purpose]}: o cliente leu e concorda`}
                    description={`${CONSENT_TEXTS[purpose][CURRENT_CONSENT_TEXT_VERSION]} (texto ${CURRENT_CONSENT_TEXT_VERSION})`}
                  />
                </Paper>
              ))}
            </Stack>
          </Fieldset>
        )}

        {granted.health_data ? (
          <Fieldset legend="Dados de saúde (sensíveis)" radius="md">
            <Stack gap="sm">
              <Group gap="xs" wrap="nowrap">
                <IconShieldCheck size={18} aria-hidden />
                <Text size="sm" c="dimmed">
                  Registrados sob o consentimento para dados de saúde. Cada leitura fica no registro
                  de acessos.
                </Text>
              </Group>
              <HealthConditionsField
                value={values.health_conditions}
                error={errors.health_conditions}
                onChange={(health_conditions) =>
                  setValues((current) => ({ ...current, health_conditions }))
                }
              />
              <AllergiesField
                value={values.allergies}
                error={errors.allergies}
                onChange={(allergies) => setValues((current) => ({ ...current, allergies }))}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Textarea
                  label="Outras condições (texto livre)"
                  description="Uma por linha; lidas pela mesma verificação clínica"
                  rows={3}
                  {...set('health_flags')}
                />
                <Textarea
                  label="Contraindicações"
                  description="Uma por linha"
                  rows={3}
                  {...set('contraindications')}
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>
        ) : (
          <Text size="sm" c="dimmed">
            Alergias, condições de saúde e contraindicações só podem ser registradas com o
            consentimento para dados de saúde.
          </Text>
        )}

        {error ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
          ) : null}
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
