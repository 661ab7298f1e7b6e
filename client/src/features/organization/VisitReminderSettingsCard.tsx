import { Button, Group, Input, NumberInput, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifySuccess } from '../../shared/notify';
import { SectionCard } from '../../shared/SectionCard';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { useFollowServerValues } from '../../shared/useFollowServerValues';
import {
  VISIT_REMINDER_DAYS_MAX,
  VISIT_REMINDER_HOURS_MAX,
  VISIT_REMINDER_MODES,
  visitReminderSettingsOf,
  type VisitReminderMode,
  type VisitReminderSettings,
} from '../../../../src/shared/notices';
import { useSaveOrganizationSettings, type OrganizationSettings } from './organizationApi';
import { REMINDER_MODE_LABELS, reminderChanges, reminderFieldProblems, reminderTimeOptions } from './visitReminders';

const WINDOW_ID = 'visit-reminder-window';

/** Organization Settings' visit reminders to customers (issue #31 item 2), saved apart from the other cards. */
export function VisitReminderSettingsCard({ settings }: { settings: OrganizationSettings }) {
  const form = useForm<VisitReminderSettings>({
    initialValues: visitReminderSettingsOf(settings),
    validate: reminderFieldProblems,
  });
  const save = useSaveOrganizationSettings();
  useFollowServerValues(form, visitReminderSettingsOf(settings));

  function submit(values: VisitReminderSettings) {
    save.mutate(reminderChanges(values), {
      onSuccess: () => {
        form.resetDirty(values);
        notifySuccess('Visit reminders have been updated');
      },
    });
  }

  const { values } = form;
  const time = (field: 'visitReminderTime' | 'visitReminderWindowStart' | 'visitReminderWindowEnd') => ({
    data: reminderTimeOptions(field === 'visitReminderWindowEnd' ? 'end' : 'start', values[field]),
    value: values[field],
    onChange: (value: string | null) => value && form.setFieldValue(field, value),
    allowDeselect: false,
    searchable: true,
    maxDropdownHeight: 240,
  });
  const window = (
    <Input.Wrapper
      id={WINDOW_ID}
      label="Send between"
      labelElement="div"
      description={
        values.visitReminders === 'daysBefore'
          ? 'The reminder time must be inside it.'
          : "A reminder that would fall outside it is sent at the window's end before then."
      }
      role="group"
      aria-labelledby={`${WINDOW_ID}-label`}
      aria-describedby={`${WINDOW_ID}-description`}
    >
      <Group gap="xs" wrap="nowrap" align="center" mt={4}>
        <Select aria-label="Sending window start" flex={1} {...time('visitReminderWindowStart')} />
        <Text size="sm" c="dimmed" aria-hidden>
          and
        </Text>
        <Select aria-label="Sending window end" flex={1} {...time('visitReminderWindowEnd')} />
      </Group>
    </Input.Wrapper>
  );

  return (
    <SectionCard
      title="Visit reminders"
      description="Customers with an e-mail address get one reminder per visit, with its time, the crew lead's name and, for visits they booked online, the link to change or cancel."
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="lg">
          <ServerErrorAlert error={save.error} />
          <Radio.Group
            label="Send a reminder"
            value={values.visitReminders}
            onChange={(value) => {
              // A refusal of the other mode's fields would no longer be about what is shown.
              save.reset();
              form.setFieldValue('visitReminders', value as VisitReminderMode);
            }}
          >
            <Stack gap="xs" mt="xs">
              {VISIT_REMINDER_MODES.map((mode) => (
                <Radio key={mode} value={mode} label={REMINDER_MODE_LABELS[mode]} />
              ))}
            </Stack>
          </Radio.Group>
          {values.visitReminders === 'hoursBefore' && (
            <>
              <NumberInput
                label="Hours before the visit"
                description={`1 to ${VISIT_REMINDER_HOURS_MAX} hours before the visit starts.`}
                min={1}
                max={VISIT_REMINDER_HOURS_MAX}
                step={1}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                maw={{ xs: 220 }}
                {...form.getInputProps('visitReminderHours')}
              />
              {window}
            </>
          )}
          {values.visitReminders === 'daysBefore' && (
            <>
              <SimpleGrid cols={2} spacing="sm" maw={{ xs: 440 }}>
                <NumberInput
                  label="Days before the visit"
                  min={1}
                  max={VISIT_REMINDER_DAYS_MAX}
                  step={1}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  {...form.getInputProps('visitReminderDays')}
                />
                <Select label="At" {...time('visitReminderTime')} />
              </SimpleGrid>
              {window}
            </>
          )}
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
