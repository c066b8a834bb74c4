import {
  Alert,
  Anchor,
  Button,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  PROFILE_LABELS,
  PROFILES,
  UNITS,
  type Profile,
  type Unit,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import tones from '../../../components/tones.module.css';
import { usePageTitle } from '../../../components/use-page-title';
import { ScreenLink, useScreenNavigation } from '../../../lib/screen-navigation';
import { register, registerErrorMessage, type RegisterPayload } from '../../../api/people/auth';
import { AuthCard } from './auth-card';
import { useSubmission } from './use-submission';

const UNIT_OPTIONS = UNITS.map((unit) => ({ value: unit, label: unit }));
const PROFILE_OPTIONS = PROFILES.map((profile) => ({
  value: profile,
  label: PROFILE_LABELS[profile],
}));

function isUnit(value: string | null): value is Unit {
  return value !== null && (UNITS as readonly string[]).includes(value);
}

function isProfile(value: string | null): value is Profile {
  return value !== null && (PROFILES as readonly string[]).includes(value);
}

const PASSWORDS_MISMATCH = 'As senhas não conferem.';
const PASSWORDS_MATCH = 'Senhas conferem ✔';

export default function RegisterPage() {
  usePageTitle('Cadastro');
  const { navigate } = useScreenNavigation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [unit, setUnit] = useState<Unit | null>(null);
  const [profile, setProfile] = useState<Profile>('professional');
  // The mismatch error waits until the user leaves the field or submits, so it does not flash
  // on every keystroke; the "match" hint is live.
  const [confirmTouched, setConfirmTouched] = useState(false);
  const [passwordTooShort, setPasswordTooShort] = useState(false);

  const mutation = useSubmission(async (payload: RegisterPayload) => {
    const answer = await register(payload);
    notifications.show({ color: 'green', message: MESSAGES.userPending, autoClose: 8000 });
    await navigate('/admin/login', { replace: true });
    return answer;
  });

  const passwordsMatch = confirmPassword !== '' && password === confirmPassword;
  const showMismatch = confirmTouched && confirmPassword !== '' && password !== confirmPassword;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.pending) return;
    setConfirmTouched(true);
    if (password !== confirmPassword) return;
    if (password.length < PASSWORD_MIN_LENGTH) {
      setPasswordTooShort(true);
      return;
    }
    mutation.submit({
      name: name.trim(),
      email: email.trim(),
      password,
      phone: phone.trim() || null,
      unit,
      profile,
    });
  };

  return (
    <AuthCard
      title="Criar conta"
      subtitle="Preencha seus dados. Um administrador aprovará seu acesso."
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          {mutation.failed ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
              {registerErrorMessage(mutation.error)}
            </Alert>
          ) : null}
          <TextInput
            label="Nome"
            autoComplete="name"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Senha"
            autoComplete="new-password"
            required
            description={`Mínimo de ${PASSWORD_MIN_LENGTH} caracteres.`}
            error={
              passwordTooShort && password.length < PASSWORD_MIN_LENGTH
                ? `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`
                : undefined
            }
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="Confirmar senha"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            onBlur={() => setConfirmTouched(true)}
            error={showMismatch ? PASSWORDS_MISMATCH : undefined}
          />
          <Text size="sm" className={tones.success} aria-live="polite" mt={-8}>
            {passwordsMatch ? PASSWORDS_MATCH : null}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Telefone"
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={(event) => setPhone(event.currentTarget.value)}
            />
            <Select
              label="Unidade"
              data={UNIT_OPTIONS}
              value={unit}
              onChange={(value) => setUnit(isUnit(value) ? value : null)}
              clearable
              searchable
              nothingFoundMessage="Nada encontrado"
            />
          </SimpleGrid>
          <Select
            label="Perfil"
            data={PROFILE_OPTIONS}
            value={profile}
            onChange={(value) => setProfile(isProfile(value) ? value : 'professional')}
            allowDeselect={false}
          />
          <Button type="submit" fullWidth loading={mutation.pending}>
            Cadastrar
          </Button>
          <Text size="sm" ta="center">
            Já tem conta?{' '}
            <Anchor component={ScreenLink} to="/login" underline="always">
              Entrar
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
