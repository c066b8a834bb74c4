import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES } from '@portal/domain';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/api-client';
import { ScreenLink } from '../../../lib/screen-navigation';
import { requestPasswordReset } from '../../../api/people/auth';
import { AuthCard } from './auth-card';
import { useSubmission } from './use-submission';

export default function ForgotPasswordPage() {
  usePageTitle('Esqueci minha senha');
  const [email, setEmail] = useState('');
  const mutation = useSubmission(requestPasswordReset);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.pending) return;
    mutation.submit(email.trim());
  };

  return (
    <AuthCard
      title="Esqueci minha senha"
      subtitle="Informe seu email para receber um link de redefinição de senha."
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          {mutation.succeeded ? (
            // Neutral on purpose: the answer never reveals whether the email is registered.
            <Alert color="green" icon={<IconMailCheck aria-hidden />} role="status">
              {mutation.data ?? MESSAGES.resetRequested}
            </Alert>
          ) : null}
          {mutation.failed ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
              {errorMessage(mutation.error, {
                fallback: 'Não foi possível enviar o link agora. Tente novamente.',
              })}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit" fullWidth loading={mutation.pending}>
            Enviar link
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
