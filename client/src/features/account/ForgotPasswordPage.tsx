import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconAt, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useRequestPasswordReset } from './accountApi';
import { AuthLayout } from './AuthLayout';
import { emailProblem } from './passwordRules';
import { rememberedUsername } from './rememberedUsername';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';

/** The same answer whether or not the address has an account, so nobody can probe for accounts. */
export const RESET_LINK_SENT = 'If an account exists for that e-mail, a reset link has been sent.';

export function ForgotPasswordPage() {
  const form = useForm({
    initialValues: { email: rememberedUsername() },
    validate: { email: (value) => emailProblem(value) },
  });
  const request = useRequestPasswordReset();

  return (
    <AuthLayout
      title="Forgot password"
      subtitle="Enter the e-mail you sign in with and we will send you a link to choose a new password."
    >
      {request.isSuccess ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} role="status">
            {RESET_LINK_SENT}
          </Alert>
          <Text size="sm" c="dimmed">
            The link works once and expires after a while. Check your spam folder if nothing arrives.
          </Text>
          <BackToSignIn />
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((values) => request.mutate(values.email.trim()))} noValidate>
          <Stack gap="md">
            <ServerErrorAlert error={request.error} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              leftSection={<IconAt size={16} />}
              withAsterisk
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth size="md" loading={request.isPending}>
              Send reset link
            </Button>
            <BackToSignIn />
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}

function BackToSignIn() {
  return (
    <Anchor
      component={Link}
      to={paths.login}
      size="sm"
      fw={500}
      ta="center"
      display="flex"
      style={{ justifyContent: 'center', alignItems: 'center', gap: 6 }}
    >
      <IconArrowLeft size={14} /> Back to sign in
    </Anchor>
  );
}
