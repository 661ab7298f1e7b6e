import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { endClientSession } from '../session/endSession';
import { useAcceptInvitation } from './accountApi';
import { AuthLayout } from './AuthLayout';
import { newPasswordRules, PASSWORD_ADVICE } from './passwordRules';

/**
 * The page an invitation e-mail links to (#26): the invited person chooses their password and is signed in.
 * Opening the page changes nothing (mail scanners open links first); only the submit uses the link, once.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: newPasswordRules,
  });
  const accept = useAcceptInvitation(token, () => {
    endClientSession(); // nothing of someone signed in before on this browser may linger
    navigate(paths.home, { replace: true });
  });

  return (
    <AuthLayout title="Welcome to CrewClock" subtitle="Choose your password to finish setting up your account.">
      <form onSubmit={form.onSubmit((values) => accept.mutate(values))} noValidate>
        <Stack gap="md">
          <ServerErrorAlert error={accept.error} />
          <Text size="sm" c="dimmed">
            {PASSWORD_ADVICE}
          </Text>
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            withAsterisk
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth size="md" loading={accept.isPending}>
            Set password and sign in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
