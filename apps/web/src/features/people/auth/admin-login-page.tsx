import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isAdminProfile } from '../../../lib/profiles';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ColorSchemeIndicator } from '../../../components/color-scheme-toggle';
import { usePageTitle } from '../../../components/use-page-title';
import { ScreenLink } from '../../../lib/screen-navigation';
import { loginErrorMessage } from '../../../api/people/auth';
import { AuthCard } from './auth-card';
import { useSignIn } from './use-sign-in';

/** SPEC: success goes to /admin/users; a non-admin would be bounced to /home, so go there. */
const destinationFor = (user: { profile: string }) =>
  isAdminProfile(user.profile) ? '/admin/users' : '/home';

export default function AdminLoginPage() {
  usePageTitle('Login administrativo');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn(destinationFor);
  const busy = signIn.pending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    signIn.submit({ email: email.trim(), password });
  };

  return (
    <AuthCard title="Login administrativo" corner={<ColorSchemeIndicator />}>
      <form onSubmit={submit}>
        <Stack gap="md">
          {signIn.failed ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {loginErrorMessage(signIn.error)}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Anchor component={ScreenLink} to="/forgot-password" size="sm">
              Esqueci minha senha
            </Anchor>
          </Group>
          <Button type="submit" fullWidth disabled={busy}>
            {busy ? 'Entrando...' : 'Entrar'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
