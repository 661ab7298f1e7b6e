import { Alert, Button, PasswordInput, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { paths, PRODUCT_NAME } from '../../app/paths';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { endClientSession } from '../session/endSession';
import { useAcceptInvitation, useInvitationPage } from './accountApi';
import { AuthLayout } from './AuthLayout';
import { newPasswordRules, PASSWORD_ADVICE } from './passwordRules';

/**
 * The page an invitation e-mail links to (#26): the invited person chooses their password and is signed in.
 * Opening the page changes nothing (mail scanners open links first); only the submit uses the link, once. It asks on
 * opening whether the link still works, so a used or expired one says so before anyone types (issue #44).
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invitation = useInvitationPage(token);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: newPasswordRules,
  });
  const accept = useAcceptInvitation(token, () => {
    endClientSession(); // nothing of someone signed in before on this browser may linger
    navigate(paths.home, { replace: true });
  });

  if (invitation.isPending)
    return (
      <AuthLayout title="Welcome">
        <Stack gap="md" aria-busy="true">
          <Skeleton h={16} />
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={42} />
        </Stack>
      </AuthLayout>
    );

  if (invitation.isError)
    return (
      <AuthLayout title="This invitation link cannot be used">
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(invitation.error)}
          </Alert>
          <Text size="sm" c="dimmed">
            If you already chose your password with it, sign in with your e-mail address and that password.
          </Text>
          <Button component={Link} to={paths.login} fullWidth>
            Go to sign in
          </Button>
        </Stack>
      </AuthLayout>
    );

  const { organizationName, firstName } = invitation.data;
  return (
    <AuthLayout
      title={`Welcome to ${organizationName || PRODUCT_NAME}`}
      subtitle={`Hello ${firstName}, choose your password to finish setting up your account.`}
    >
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
