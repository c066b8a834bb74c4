import { PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  PASSWORD_MIN_LENGTH,
  PROFILE_LABELS,
  PROFILES,
  UNITS,
  USER_STATUS_LABELS,
  USER_STATUSES,
  userCreateSchema,
  userEditFormSchema,
  type Unit,
  type User,
} from '@portal/domain';
import { AdminForm, adminFormModal, useSaveRecord } from '../../../components/admin/form-modal';
import { labelledOptions } from '../../../components/form/options';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { userMutations } from '../../../api/people/users';
import { ChoiceField } from '../../../components/form/fields';

const UNIT_OPTIONS = labelledOptions(UNITS, (unit) => unit);
const PROFILE_OPTIONS = labelledOptions(PROFILES, PROFILE_LABELS);
/** A new account is active or inactive; 'pending' only comes from self-registration. */
const CREATE_STATUS_OPTIONS = labelledOptions(['active', 'inactive'] as const, USER_STATUS_LABELS);
const EDIT_STATUS_OPTIONS = labelledOptions(USER_STATUSES, USER_STATUS_LABELS);
const isUnit = (value: string | null): value is Unit =>
  value !== null && (UNITS as readonly string[]).includes(value);

/** 'Cadastro de Usuário' and 'Editar Usuário' (email read-only, optional new password). */
export const UserFormModal = adminFormModal(({ user }: { user: User | null }) => ({
  title: user ? 'Editar Usuário' : 'Cadastro de Usuário',
  form: (onDone) => <UserForm user={user} onDone={onDone} />,
}));

function UserForm({ user, onDone }: { user: User | null; onDone: () => void }) {
  const saving = useSaveRecord(user, userMutations, onDone);
  // What a pending newcomer asked for is only a request (DESIGN.md 7.3): the form starts from
  // 'Profissional' and shows the request, so saving never grants it without a choice.
  const requestedProfile =
    user?.status === 'pending' ? (user.requested_profile ?? 'professional') : null;
  // The API's own schemas: a new account needs email and password; an edit keeps the email
  // and, when the password is left blank, the current password.
  const schema = user ? userEditFormSchema : userCreateSchema;
  const form = useSchemaForm(schema, {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    phone: user?.phone ?? '',
    unit: user && isUnit(user.unit) ? user.unit : null,
    profile: user && !requestedProfile ? user.profile : 'professional',
    status: user?.status ?? 'active',
  });

  const submit = form.onSubmit((values) => {
    if (!user) {
      saving.create(userCreateSchema.parse(values));
      return;
    }
    const { password, ...changes } = userEditFormSchema.parse(values);
    saving.update(password ? { ...changes, password } : changes);
  });

  return (
    <AdminForm onSubmit={submit} saving={saving} onCancel={onDone}>
      <TextInput label="Nome" required data-autofocus {...form.getInputProps('name')} />
      <TextInput
        label="Email"
        type="email"
        required={!user}
        readOnly={Boolean(user)}
        description={user ? 'O email não pode ser alterado.' : undefined}
        {...form.getInputProps('email')}
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
        {...form.getInputProps('password')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Telefone" type="tel" {...form.getInputProps('phone')} />
        <Select
          label="Unidade"
          data={UNIT_OPTIONS}
          clearable
          searchable
          nothingFoundMessage="Nada encontrado"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('unit')}
        />
        <ChoiceField
          label="Perfil"
          description={
            requestedProfile
              ? `Solicitado no cadastro: ${PROFILE_LABELS[requestedProfile]}`
              : undefined
          }
          data={PROFILE_OPTIONS}
          {...form.getInputProps('profile')}
        />
        <ChoiceField
          label="Status"
          data={user ? EDIT_STATUS_OPTIONS : CREATE_STATUS_OPTIONS}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
    </AdminForm>
  );
}
