import {
  Button,
  Group,
  Modal,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { MOBILE_QUERY } from '../../app/theme';
import { notifySuccess } from '../../shared/notify';
import { PhoneInput } from '../../shared/PhoneInput';
import { ROLES } from '../../../../src/shared/session';
import { userFormRules, userFormValues, type UserFormValues } from './userForm';
import { useSaveUser, useTakenColours } from './usersApi';
import { ColourPicker } from './ColourPicker';
import { firstFreeColour } from './colourPalette';
import type { User } from './users';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { scrollToFirstError } from '../../shared/scrollToFirstError';

/** New User (user = null) or Edit (user given). Mounted fresh each time it opens. */
export function UserFormModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const mode = user ? 'edit' : 'create';
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const taken = useTakenColours(user?.id ?? null);
  const form = useForm<UserFormValues>({ initialValues: userFormValues(user, taken), validate: userFormRules(mode) });
  const save = useSaveUser(user);
  // The others' colours may arrive after the form opened (or change): a new person's colour follows them until one is
  // picked; only such a change re-chooses.
  const colourPicked = useRef(false);
  useEffect(() => {
    if (!user && !colourPicked.current) form.setFieldValue('colorCode', firstFreeColour(taken));
  }, [taken]);

  function submit(values: UserFormValues) {
    save.mutate(values, {
      onSuccess: () => {
        notifySuccess(
          user
            ? 'User has been updated'
            : values.access === 'invite'
              ? `User has been created and an invitation was e-mailed to ${values.email.trim()}`
              : 'User has been created',
        );
        onClose();
      },
    });
  }

  return (
    <Modal opened onClose={onClose} title={user ? `Edit ${user.fullName}` : 'New User'} size={620} fullScreen={mobile}>
      <form onSubmit={form.onSubmit(submit, scrollToFirstError)} noValidate>
        <Stack gap="md">
          <ServerErrorAlert error={save.error} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="First name"
              withAsterisk
              autoComplete="off"
              data-autofocus
              {...form.getInputProps('firstName')}
            />
            <TextInput label="Last name" withAsterisk autoComplete="off" {...form.getInputProps('lastName')} />
            <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...form.getInputProps('email')} />
            <TextInput label="Employee ID" autoComplete="off" {...form.getInputProps('employeeId')} />
            <PhoneInput label="Phone number" {...form.getInputProps('phoneNumber')} />
            <Select label="Role" data={[...ROLES]} withAsterisk allowDeselect={false} {...form.getInputProps('role')} />
            {mode === 'edit' && (
              <Switch
                label="Active"
                description="Inactive users cannot sign in"
                mt={{ base: 0, xs: 26 }}
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
            )}
          </SimpleGrid>
          <ColourPicker
            value={form.values.colorCode}
            onChange={(hex) => {
              colourPicked.current = true;
              form.setFieldValue('colorCode', hex);
            }}
            taken={taken}
            error={form.errors.colorCode}
          />
          {mode === 'create' && (
            <Radio.Group label="Their password" {...form.getInputProps('access')}>
              <Stack gap="xs" mt={6}>
                <Radio
                  value="invite"
                  label="E-mail an invitation"
                  description={`${form.values.firstName.trim() || 'They'} choose${form.values.firstName.trim() ? 's' : ''} their own password with a link valid for 7 days`}
                />
                <Radio value="password" label="Set a password now" description="You tell them their password" />
              </Stack>
            </Radio.Group>
          )}
          {mode === 'create' && form.values.access === 'password' && (
            <PasswordInput
              label="Password"
              description="At least 8 characters"
              withAsterisk
              autoComplete="new-password"
              maw={{ xs: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
              {...form.getInputProps('password')}
            />
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {user ? 'Save changes' : 'Create user'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
