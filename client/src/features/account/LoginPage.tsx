import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconAt, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { signInErrorMessage } from '../../../../src/shared/sign-in';
import { errorMessage } from '../../app/api';
import { paths } from '../../app/paths';
import { endClientSession } from '../session/endSession';
import { submitSignIn, type Organization } from './accountApi';
import { AuthLayout } from './AuthLayout';
import { rememberedUsername, rememberUsername } from './rememberedUsername';
import { safeReturnUrl } from './returnUrl';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnUrl = safeReturnUrl(params.get('ReturnUrl'));
  // ?error= carries a code from the server's redirect: only a known code shows, as its sentence.
  const [serverError, setServerError] = useState<string | null>(signInErrorMessage(params.get('error')));
  const [submitting, setSubmitting] = useState(false);
  const [choice, setChoice] = useState<{ question: string; organizations: Organization[] } | null>(null);

  const form = useForm({
    initialValues: { username: rememberedUsername(), password: '', rememberMe: false },
    // A choice of organization answers the address and password it was asked for, not edited ones.
    onValuesChange: () => setChoice(null),
    validate: {
      username: (value) => (value.trim() ? null : 'Email is required'),
      password: (value) => (value ? null : 'Password is required'),
    },
  });

  async function signIn(values: typeof form.values, organizationId: string | null = null) {
    setSubmitting(true);
    setServerError(null);
    setChoice(null);
    try {
      const result = await submitSignIn({ ...values, returnUrl, organizationId });
      if (!result.success) {
        setChoice({ question: result.errors[0], organizations: result.chooseOrganization });
        setSubmitting(false);
        return;
      }
      rememberUsername(values.username);
      endClientSession(); // nothing of a previous user may linger
      navigate(safeReturnUrl(result?.redirectUrl, returnUrl), { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
      form.setFieldValue('password', '');
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to see your schedule and track your time.">
      <form onSubmit={form.onSubmit((values) => signIn(values))} noValidate>
        <Stack gap="md">
          {serverError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverError}
            </Alert>
          )}
          <TextInput
            label="Email"
            name="username"
            type="email"
            autoComplete="username"
            placeholder="you@company.com"
            leftSection={<IconAt size={16} />}
            withAsterisk
            autoFocus={!form.values.username}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            withAsterisk
            autoFocus={Boolean(form.values.username)}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
            <Anchor component={Link} to={paths.forgotPassword} size="sm" fw={500}>
              Forgot password?
            </Anchor>
          </Group>
          {choice ? (
            <Stack gap="xs" role="group" aria-label={choice.question}>
              <Text fw={500}>{choice.question}</Text>
              {choice.organizations.map((organization) => (
                <Button
                  key={organization.id}
                  variant="light"
                  fullWidth
                  size="md"
                  loading={submitting}
                  onClick={() => void signIn(form.values, organization.id)}
                >
                  {organization.name}
                </Button>
              ))}
            </Stack>
          ) : (
            <Button type="submit" fullWidth size="md" loading={submitting} mt="xs">
              Sign in
            </Button>
          )}
        </Stack>
      </form>
    </AuthLayout>
  );
}
