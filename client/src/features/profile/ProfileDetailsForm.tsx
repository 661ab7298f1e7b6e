import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt } from '@tabler/icons-react';
import { useAppStore } from '../../app/store';
import { notifySuccess } from '../../shared/notify';
import { phoneProblem } from '../../shared/phone';
import { PhoneInput } from '../../shared/PhoneInput';
import { SectionCard } from '../../shared/SectionCard';
import { useSaveProfile, type Profile, type ProfileChanges } from './profileApi';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { useFollowServerValues } from '../../shared/useFollowServerValues';

interface DetailsValues {
  firstName: string;
  lastName: string;
  phone: string;
}

const detailsOf = (p: Profile): DetailsValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  phone: p.phone ?? '',
});

export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const email = useAppStore((s) => s.session?.user.email ?? '');
  const form = useForm<DetailsValues>({
    initialValues: detailsOf(profile),
    validate: {
      firstName: (value) => (value.trim() ? null : 'First name is required'),
      lastName: (value) => (value.trim() ? null : 'Last name is required'),
      phone: phoneProblem,
    },
  });
  const save = useSaveProfile();

  useFollowServerValues(form, detailsOf(profile));

  function submit(values: DetailsValues) {
    const changes: ProfileChanges = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: values.phone || null,
    };
    save.mutate(changes, {
      onSuccess: () => {
        form.resetDirty(values);
        notifySuccess('Your profile has been updated');
      },
    });
  }

  return (
    <SectionCard title="Personal details" description="Your name shows on the schedule and to your customers.">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <ServerErrorAlert error={save.error} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="First name" withAsterisk autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" withAsterisk autoComplete="family-name" {...form.getInputProps('lastName')} />
            <PhoneInput label="Phone" {...form.getInputProps('phone')} />
            <TextInput
              label="Email"
              description="You sign in with it; a company admin can change it."
              value={email}
              readOnly
              disabled
              leftSection={<IconAt size={16} />}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
