import { Button, Group, Select, Stack, Switch } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useForm } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { notifySuccess } from '../../shared/notify';
import { SectionCard } from '../../shared/SectionCard';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { useFollowServerValues } from '../../shared/useFollowServerValues';
import {
  isCalendarDate,
  OVERTIME_RULES,
  PAY_PERIOD_FREQUENCIES,
  paySettingsOf,
  type OvertimeRule,
  type PayPeriodFrequency,
  type PaySettings,
} from '../../../../src/shared/payroll';
import { useSaveOrganizationSettings, type OrganizationSettings } from '../organization/organizationApi';
import { FREQUENCY_LABELS, OVERTIME_RULE_LABELS, WEEKDAYS } from './payroll';

const FREQUENCIES = PAY_PERIOD_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));
const RULES = OVERTIME_RULES.map((value) => ({ value, label: OVERTIME_RULE_LABELS[value] }));
const DAYS = WEEKDAYS.map((label, day) => ({ value: String(day), label }));

const RULE_HINTS: Record<OvertimeRule, string> = {
  none: 'Every hour is paid as regular time.',
  weekly40: 'Hours over 40 in a week are overtime.',
  california:
    'Over 8 hours a day or 40 a week is overtime, over 12 a day double time. On the seventh day in a row of a week, the first 8 hours are overtime and the rest double time.',
};

/** Organization Settings' pay periods, overtime and timesheet submission (issue #30), saved apart from the details. */
export function PaySettingsForm({ settings }: { settings: OrganizationSettings }) {
  const form = useForm<PaySettings>({
    initialValues: paySettingsOf(settings),
    validate: {
      payPeriodAnchorDate: (value, values) =>
        values.payPeriodFrequency !== 'biweekly' || isCalendarDate(value)
          ? null
          : 'Choose the first day of a two-week pay period',
    },
  });
  const save = useSaveOrganizationSettings();
  useFollowServerValues(form, paySettingsOf(settings));

  function submit(values: PaySettings) {
    save.mutate(values, {
      onSuccess: () => {
        form.resetDirty(values);
        notifySuccess('Pay settings have been updated');
      },
    });
  }

  const { values } = form;
  return (
    <SectionCard
      title="Pay periods and overtime"
      description="How timesheets are grouped for approval and payroll, and which hours count as overtime."
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="lg">
          <ServerErrorAlert error={save.error} />
          <Select
            label="Pay period"
            data={FREQUENCIES}
            allowDeselect={false}
            value={values.payPeriodFrequency}
            onChange={(value) => value && form.setFieldValue('payPeriodFrequency', value as PayPeriodFrequency)}
          />
          {values.payPeriodFrequency === 'biweekly' && (
            <DatePickerInput
              label="Two-week pay period starts"
              description="Any first day of a two-week period: the others follow every 14 days from it."
              valueFormat="ddd, MMM D, YYYY"
              leftSection={<IconCalendar size={16} />}
              value={values.payPeriodAnchorDate || null}
              onChange={(value) => form.setFieldValue('payPeriodAnchorDate', typeof value === 'string' ? value : '')}
              error={form.errors.payPeriodAnchorDate}
            />
          )}
          <Select
            label="Week's first day"
            description="Weekly pay periods start on it, and weekly overtime counts from it."
            data={DAYS}
            allowDeselect={false}
            value={String(values.weekStartsOn)}
            onChange={(value) => value !== null && form.setFieldValue('weekStartsOn', Number(value))}
          />
          <Select
            label="Overtime"
            description={RULE_HINTS[values.overtimeRule]}
            data={RULES}
            allowDeselect={false}
            value={values.overtimeRule}
            onChange={(value) => value && form.setFieldValue('overtimeRule', value as OvertimeRule)}
          />
          <Switch
            label="Associates submit timesheets"
            description="Associates send their timesheet for approval at the end of a period. Off, managers approve timesheets directly."
            {...form.getInputProps('timesheetSubmission', { type: 'checkbox' })}
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
