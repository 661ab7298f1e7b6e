import { Button, Group, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { notifySuccess } from '../../shared/notify';
import { SectionCard } from '../../shared/SectionCard';
import { useSaveOrganizationSettings, type OrganizationSettings } from './organizationApi';
import { timeZoneOptions } from './timeZones';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { useFollowServerValues } from '../../shared/useFollowServerValues';
import {
  MAX_LATE_GRACE_MINUTES,
  MAX_OFFLINE_CLOCK_LIMIT_HOURS,
  MIN_OFFLINE_CLOCK_LIMIT_HOURS,
} from '../../../../src/shared/session';
import type { PaySettings } from '../../../../src/shared/payroll';
import type { VisitReminderSettings } from '../../../../src/shared/notices';

/** The pay settings and the visit reminders have their own cards (PaySettingsForm, VisitReminderSettingsCard). */
type DetailsValues = Omit<OrganizationSettings, 'logoUrl' | keyof PaySettings | keyof VisitReminderSettings>;

const detailsOf = (s: OrganizationSettings): DetailsValues => ({
  name: s.name,
  timeZone: s.timeZone,
  pickUpJobsEnabled: s.pickUpJobsEnabled,
  automatedRatingEmailsEnabled: s.automatedRatingEmailsEnabled,
  lateGraceMinutes: s.lateGraceMinutes,
  offlineClockLimitHours: s.offlineClockLimitHours,
});

export function OrganizationDetailsForm({ settings }: { settings: OrganizationSettings }) {
  const form = useForm<DetailsValues>({
    initialValues: detailsOf(settings),
    validate: {
      name: (value) => (value.trim() ? null : 'Organization name is required'),
      timeZone: (value) => (value ? null : 'Time zone is required'),
      lateGraceMinutes: (value) =>
        Number.isInteger(value) && value >= 0 && value <= MAX_LATE_GRACE_MINUTES
          ? null
          : `Enter a whole number of minutes from 0 to ${MAX_LATE_GRACE_MINUTES}`,
      offlineClockLimitHours: (value) =>
        Number.isInteger(value) && value >= MIN_OFFLINE_CLOCK_LIMIT_HOURS && value <= MAX_OFFLINE_CLOCK_LIMIT_HOURS
          ? null
          : `Enter a whole number of hours from ${MIN_OFFLINE_CLOCK_LIMIT_HOURS} to ${MAX_OFFLINE_CLOCK_LIMIT_HOURS}`,
    },
  });
  const save = useSaveOrganizationSettings();
  const zones = useMemo(() => timeZoneOptions(settings.timeZone), [settings.timeZone]);

  useFollowServerValues(form, detailsOf(settings));

  function submit(values: DetailsValues) {
    save.mutate(
      { ...values, name: values.name.trim() },
      {
        onSuccess: () => {
          form.resetDirty(values);
          notifySuccess('Organization settings have been updated');
        },
      },
    );
  }

  return (
    <SectionCard title="Company details" description="How your organization appears and how scheduling behaves.">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="lg">
          <ServerErrorAlert error={save.error} />
          <TextInput label="Organization name" withAsterisk {...form.getInputProps('name')} />
          <Select
            label="Time zone"
            description="Job times, recurrences and reports use this zone."
            data={zones}
            searchable
            nothingFoundMessage="No matching time zone"
            allowDeselect={false}
            leftSection={<IconWorld size={16} />}
            limit={200}
            withAsterisk
            {...form.getInputProps('timeZone')}
          />
          <Switch
            label="Allow associates to pick up jobs"
            description="Associates can request open jobs; a manager approves or denies each request."
            {...form.getInputProps('pickUpJobsEnabled', { type: 'checkbox' })}
          />
          <Switch
            label="Automated rating e-mails"
            description="After a job is finished, the customer receives an e-mail asking them to rate it."
            {...form.getInputProps('automatedRatingEmailsEnabled', { type: 'checkbox' })}
          />
          <NumberInput
            label="Late after (minutes)"
            description="Home marks a job late when it has been under way this long with nobody of its crew on the clock."
            min={0}
            max={MAX_LATE_GRACE_MINUTES}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('lateGraceMinutes')}
          />
          <NumberInput
            label="Offline clock limit (hours)"
            description="A time sent from a phone that was offline, starting more than this many hours before it reached us or in the future, goes to a manager's review."
            min={MIN_OFFLINE_CLOCK_LIMIT_HOURS}
            max={MAX_OFFLINE_CLOCK_LIMIT_HOURS}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('offlineClockLimitHours')}
          />
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
