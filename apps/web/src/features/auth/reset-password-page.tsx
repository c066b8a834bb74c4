import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@portal/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { errorMessage } from '../../lib/api-client';
import { resetPassword } from './auth-api';
import { AuthCard } from './auth-card';

export default function ResetPasswordPage() {
  usePageTitle('Redefinir senha');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (newPassword: string) => resetPassword(token, newPassword),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (password !== confirmPassword) {
      setValidationError('As senhas não conferem.');
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      setValidationError(`A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`);
      return;
    }
    setValidationError(null);
    mutation.mutate(password);
  };

  if (!token) {
    return (
      <AuthCard title="Redefinir senha">
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
            {MESSAGES.resetInvalid}
          </Alert>
          <Button component={Link} to="/forgot-password" fullWidth>
            Solicitar novo link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Redefinir senha">
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
            {mutation.data ?? MESSAGES.resetDone}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
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
          {mutation.isError ? (
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
          <Button type="submit" fullWidth loading={mutation.isPending}>
            Redefinir senha
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Voltar para o login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
