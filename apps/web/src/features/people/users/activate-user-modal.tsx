import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { PROFILE_LABELS, PROFILES, type Profile, type User } from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useUpdateUser } from '../../../api/people/users';
import { notifySuccess } from '../../../components/admin/notify';
import { errorMessage } from '../../../lib/api-client';

const PROFILE_OPTIONS = PROFILES.map((profile) => ({
  value: profile,
  label: PROFILE_LABELS[profile],
}));
const isProfile = (value: string | null): value is Profile =>
  value !== null && (PROFILES as readonly string[]).includes(value);

export interface ActivateUserModalProps {
  /** The pending user to activate; null keeps the dialog closed. */
  user: User | null;
  onClose: () => void;
}

/**
 * Activating a self-registered account (DESIGN.md 7.3): the profile the newcomer asked for
 * (requested_profile; none recorded means 'professional') is shown, and the admin grants one explicitly; 'Profissional' is chosen until they change it, so a
 * quick confirmation never makes an admin.
 */
export function ActivateUserModal({ user, onClose }: ActivateUserModalProps) {
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? `Ativar ${user.name}` : 'Ativar usuário'}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {user ? <ActivateUserForm key={user.id} user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

function ActivateUserForm({ user, onDone }: { user: User; onDone: () => void }) {
  const updateUser = useUpdateUser();
  const [profile, setProfile] = useState<Profile>('professional');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (updateUser.isPending) return;
    updateUser.mutate(
      { id: user.id, changes: { status: 'active', profile } },
      {
        onSuccess: () => {
          notifySuccess(`${user.name} ativado(a) como ${PROFILE_LABELS[profile]}.`);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {updateUser.isError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
            {errorMessage(updateUser.error, { fallback: 'Erro ao atualizar usuário.' })}
          </Alert>
        ) : null}
        <Text size="sm">
          Perfil solicitado no cadastro:{' '}
          <strong>{PROFILE_LABELS[user.requested_profile ?? 'professional']}</strong>
        </Text>
        <Select
          label="Perfil concedido"
          description="Só um administrador concede um perfil. Escolha com cuidado."
          data={PROFILE_OPTIONS}
          value={profile}
          onChange={(value) => {
            if (isProfile(value)) setProfile(value);
          }}
          allowDeselect={false}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={updateUser.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={updateUser.isPending}>
            Ativar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
