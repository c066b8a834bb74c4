import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { ScreenLink } from '../../../lib/screen-navigation';
import { loginErrorMessage } from '../../../api/people/auth';
import { AuthCard } from './auth-card';
import { useSignIn } from './use-sign-in';

const destinationFor = () => '/home';

export default function LoginPage() {
  usePageTitle('Entrar');
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
    <AuthCard
      title="Bem-vindo(a) de volta"
      subtitle="Entre para montar os pacotes dos seus clientes."
    >
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
          <Text size="sm" ta="center">
            Ainda não tem conta?{' '}
            <Anchor component={ScreenLink} to="/register" underline="always">
              Cadastre-se
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
