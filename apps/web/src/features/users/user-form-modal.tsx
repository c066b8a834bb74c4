import type { FormModalProps } from '../../components/admin/form-modal';
import { PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  PASSWORD_MIN_LENGTH,
  PROFILE_LABELS,
  PROFILES,
  UNITS,
  USER_STATUS_LABELS,
  USER_STATUSES,
  userCreateSchema,
  userUpdateSchema,
  type Profile,
  type Unit,
  type User,
  type UserStatus,
} from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { AdminForm, AdminFormModal, useSaveRecord } from '../../components/admin/form-modal';
import { useCreateUser, useUpdateUser } from '../../api/users';

const UNIT_OPTIONS = UNITS.map((unit) => ({ value: unit, label: unit }));
const PROFILE_OPTIONS = PROFILES.map((profile) => ({
  value: profile,
  label: PROFILE_LABELS[profile],
}));
/** A new account is active or inactive; 'pending' only comes from self-registration. */
const CREATE_STATUS_OPTIONS = (['active', 'inactive'] as const).map((status) => ({
  value: status,
  label: USER_STATUS_LABELS[status],
}));
const EDIT_STATUS_OPTIONS = USER_STATUSES.map((status) => ({
  value: status,
  label: USER_STATUS_LABELS[status],
}));

const isUnit = (value: string | null): value is Unit =>
  value !== null && (UNITS as readonly string[]).includes(value);
const isProfile = (value: string | null): value is Profile =>
  value !== null && (PROFILES as readonly string[]).includes(value);
const isStatus = (value: string | null): value is UserStatus =>
  value !== null && (USER_STATUSES as readonly string[]).includes(value);

const USER_SAVE_MESSAGES = {
  created: 'Usuário criado.',
  updated: 'Usuário atualizado.',
  createFailed: 'Erro ao criar usuário.',
  updateFailed: 'Erro ao atualizar usuário.',
};

type FieldName = 'name' | 'email' | 'password' | 'phone' | 'unit' | 'profile' | 'status';
type FieldErrors = Partial<Record<FieldName, string>>;

interface SchemaIssue {
  path: PropertyKey[];
  message: string;
}

/** First message per field, from the same zod schemas the API validates with. */
function toFieldErrors(issues: readonly SchemaIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as FieldName] = issue.message;
  }
  return errors;
}

export interface UserFormModalProps extends FormModalProps {
  /** The user being edited; absent for 'Cadastro de Usuário'. */
  user?: User | null;
}

/** 'Cadastro de Usuário' and 'Editar Usuário' (email read-only, optional new password). */
export function UserFormModal({ user, ...modal }: UserFormModalProps) {
  return (
    <AdminFormModal {...modal} title={user ? 'Editar Usuário' : 'Cadastro de Usuário'}>
      <UserForm user={user ?? null} onDone={modal.onClose} />
    </AdminFormModal>
  );
}

function UserForm({ user, onDone }: { user: User | null; onDone: () => void }) {
  const saving = useSaveRecord(
    user,
    { create: useCreateUser(), update: useUpdateUser(), messages: USER_SAVE_MESSAGES },
    onDone,
  );

  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [unit, setUnit] = useState<Unit | null>(user && isUnit(user.unit) ? user.unit : null);
  // What a pending newcomer asked for is only a request (DESIGN.md 7.3): the form starts from
  // 'Profissional' and shows the request, so saving never grants it without a choice.
  const requestedProfile =
    user?.status === 'pending' ? (user.requested_profile ?? 'professional') : null;
  const [profile, setProfile] = useState<Profile>(
    user && !requestedProfile ? user.profile : 'professional',
  );
  const [status, setStatus] = useState<UserStatus>(user?.status ?? 'active');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const common = { name: name.trim(), phone: phone.trim() || null, unit, profile, status };

    if (user) {
      const changes = password === '' ? common : { ...common, password };
      const parsed = userUpdateSchema.safeParse(changes);
      const errors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
      if (common.name === '') errors.name = 'Nome é obrigatório.';
      setFieldErrors(errors);
      if (Object.keys(errors).length > 0) return;
      saving.update(changes);
      return;
    }

    const payload = { ...common, email: email.trim(), password };
    const parsed = userCreateSchema.safeParse(payload);
    const errors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    saving.create(payload);
  };

  return (
    <AdminForm onSubmit={submit} saving={saving} onCancel={onDone}>
      <TextInput
        label="Nome"
        required
        data-autofocus
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={fieldErrors.name}
      />
      <TextInput
        label="Email"
        type="email"
        required={!user}
        readOnly={Boolean(user)}
        description={user ? 'O email não pode ser alterado.' : undefined}
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={fieldErrors.email}
      />
      <PasswordInput
        label={user ? 'Nova senha' : 'Senha'}
        required={!user}
        autoComplete="new-password"
        description={
          user
            ? 'Deixe em branco para manter a senha atual.'
            : `Mínimo de ${PASSWORD_MIN_LENGTH} caracteres.`
        }
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={fieldErrors.password}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Telefone"
          type="tel"
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={fieldErrors.phone}
        />
        <Select
          label="Unidade"
          data={UNIT_OPTIONS}
          value={unit}
          onChange={(value) => setUnit(isUnit(value) ? value : null)}
          clearable
          searchable
          nothingFoundMessage="Nada encontrado"
          error={fieldErrors.unit}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Perfil"
          description={
            requestedProfile
              ? `Solicitado no cadastro: ${PROFILE_LABELS[requestedProfile]}`
              : undefined
          }
          data={PROFILE_OPTIONS}
          value={profile}
          onChange={(value) => {
            if (isProfile(value)) setProfile(value);
          }}
          allowDeselect={false}
          error={fieldErrors.profile}
        />
        <Select
          label="Status"
          data={user ? EDIT_STATUS_OPTIONS : CREATE_STATUS_OPTIONS}
          value={status}
          onChange={(value) => {
            if (isStatus(value)) setStatus(value);
          }}
          allowDeselect={false}
          error={fieldErrors.status}
        />
      </SimpleGrid>
    </AdminForm>
  );
}
