import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { notifySuccess } from '../../shared/notify';
import { useResetPassword } from './accountApi';
import { AuthLayout } from './AuthLayout';
import { newPasswordRules, PASSWORD_ADVICE } from './passwordRules';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: newPasswordRules,
  });
  const reset = useResetPassword(token, () => {
    notifySuccess('Your password has been reset. Sign in with your new password.');
    navigate(paths.login, { replace: true });
  });

  if (!token) {
    return (
      <AuthLayout title="Choose a new password">
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.
          </Alert>
          <Button component={Link} to={paths.forgotPassword} fullWidth>
            Ask for a new link
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle={PASSWORD_ADVICE}>
      <form onSubmit={form.onSubmit((values) => reset.mutate(values))} noValidate>
        <Stack gap="md">
          <ServerErrorAlert error={reset.error} />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            withAsterisk
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth size="md" loading={reset.isPending}>
            Save new password
          </Button>
          <Anchor component={Link} to={paths.login} size="sm" fw={500} ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
