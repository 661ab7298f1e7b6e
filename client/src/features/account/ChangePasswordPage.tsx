import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifySuccess } from '../../shared/notify';
import { PageHeader } from '../../shared/PageHeader';
import { SectionCard } from '../../shared/SectionCard';
import { useChangePassword, type ChangePasswordValues } from './accountApi';
import { confirmPasswordProblem, newPasswordProblem, PASSWORD_ADVICE } from './passwordRules';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';

export function ChangePasswordPage() {
  const form = useForm<ChangePasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : 'Current password is required'),
      newPassword: newPasswordProblem,
      confirmPassword: (value, values) => confirmPasswordProblem(value, values.newPassword),
    },
  });
  const change = useChangePassword(() => {
    form.reset();
    notifySuccess('Your password has been changed');
  });

  return (
    <>
      <PageHeader
        title="Change Password"
        description="Changing your password signs you out on your other devices. You stay signed in here."
      />
      <Stack maw={560}>
        <SectionCard title="Password" description={PASSWORD_ADVICE}>
          <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate>
            <Stack gap="md">
              <ServerErrorAlert error={change.error} />
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                withAsterisk
                {...form.getInputProps('currentPassword')}
              />
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('newPassword')}
              />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('confirmPassword')}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={change.isPending}>
                  Change password
                </Button>
              </Group>
            </Stack>
          </form>
        </SectionCard>
        <Text size="xs" c="dimmed">
          Forgot your current password? Sign out and use “Forgot password?” on the sign-in page.
        </Text>
      </Stack>
    </>
  );
}
