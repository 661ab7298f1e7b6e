import { Button, Group, Select, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAppStore } from '../../app/store';
import { notifySuccess } from '../../shared/notify';
import { SectionCard } from '../../shared/SectionCard';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { useFollowServerValues } from '../../shared/useFollowServerValues';
import { crewDaySettingsOf, type CrewDaySettings } from '../../../../src/shared/notices';
import { timeLabel } from '../availability/availabilityForm';
import { zoneAbbreviation } from '../scheduling/zonedTime';
import { useSaveCrewDaySettings, type Profile } from './profileApi';

const DESCRIPTION =
  "Every evening, the next day's jobs in order, with times, customers, addresses, map links and notes. Nothing is sent when the next day is empty.";

/** The 24 hours of the day, as the other time selects name them: 0 → '12:00 AM', 19 → '7:00 PM'. */
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: timeLabel(`${String(hour).padStart(2, '0')}:00`),
}));

/** My Profile's "Tomorrow's jobs by e-mail" (issue #31 item 3): each person's own, saved apart from the details. */
export function CrewDayEmailCard({ profile }: { profile: Profile }) {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const form = useForm<CrewDaySettings>({ initialValues: crewDaySettingsOf(profile) });
  const save = useSaveCrewDaySettings();
  useFollowServerValues(form, crewDaySettingsOf(profile));

  function submit(values: CrewDaySettings) {
    save.mutate(values, {
      onSuccess: (answer) => {
        form.resetDirty(values);
        notifySuccess(answer.message);
      },
    });
  }

  const { values } = form;
  return (
    <SectionCard title="Tomorrow's jobs by e-mail" description={DESCRIPTION}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <ServerErrorAlert error={save.error} />
          <Switch
            label="E-mail me tomorrow's jobs"
            checked={values.crewDayEmail}
            onChange={(event) => form.setFieldValue('crewDayEmail', event.currentTarget.checked)}
          />
          <Select
            label="At"
            description={`In the organization's time zone, ${zone.replace(/_/g, ' ')} (${zoneAbbreviation(zone)}).`}
            data={HOUR_OPTIONS}
            value={String(values.crewDayEmailHour)}
            onChange={(value) => value !== null && form.setFieldValue('crewDayEmailHour', Number(value))}
            allowDeselect={false}
            disabled={!values.crewDayEmail}
            maxDropdownHeight={240}
            maw={{ xs: 220 }}
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
