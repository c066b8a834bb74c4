import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@portal/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/api-client';
import { ScreenLink, useScreenNavigation } from '../../../lib/screen-navigation';
import { resetPassword } from '../../../api/people/auth';
import { AuthCard } from './auth-card';
import { useSubmission } from './use-submission';

export default function ResetPasswordPage() {
  usePageTitle('Redefinir senha');
  const { location } = useScreenNavigation();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const mutation = useSubmission((newPassword: string) => resetPassword(token, newPassword));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.pending) return;
    if (password !== confirmPassword) {
      setValidationError('As senhas não conferem.');
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      setValidationError(`A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`);
      return;
    }
    setValidationError(null);
    mutation.submit(password);
  };

  if (!token) {
    return (
      <AuthCard title="Redefinir senha">
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
            {MESSAGES.resetInvalid}
          </Alert>
          <Button component={ScreenLink} to="/forgot-password" fullWidth>
            Solicitar novo link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (mutation.succeeded) {
    return (
      <AuthCard title="Redefinir senha">
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
            {mutation.data ?? MESSAGES.resetDone}
          </Alert>
          <Button component={ScreenLink} to="/login" fullWidth>
            Ir para o login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Redefinir senha" subtitle="Escolha uma nova senha para sua conta.">
      <form onSubmit={submit}>
        <Stack gap="md">
          {mutation.failed ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
              {errorMessage(mutation.error, {
                byStatus: { 400: MESSAGES.resetInvalid },
                fallback: 'Não foi possível redefinir a senha. Tente novamente.',
              })}
            </Alert>
          ) : null}
          <PasswordInput
            label="Nova senha"
            autoComplete="new-password"
            description={`Mínimo de ${PASSWORD_MIN_LENGTH} caracteres.`}
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="Confirmar nova senha"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            error={validationError ?? undefined}
          />
          <Button type="submit" fullWidth loading={mutation.pending}>
            Redefinir senha
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={ScreenLink} to="/login">
              Voltar para o login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
