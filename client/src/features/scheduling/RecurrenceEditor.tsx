import { Chip, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import type { JobFormValues } from './jobForm';
import { REPEATS, WEEKDAYS, weekdayShort, type Repeat, type Weekday } from './recurrenceForm';

/**
 * Repeat (Never, Daily, Weekly, Monthly); for Weekly the weekdays and every N weeks; an optional
 * end date. `withNever` is off when editing a series: a series cannot become a one-time job.
 */
export function RecurrenceEditor({ form, withNever }: { form: UseFormReturnType<JobFormValues>; withNever: boolean }) {
  const { repeat, days } = form.values.recurrence;
  const daysError = form.errors['recurrence.days'];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Select
          label="Repeat"
          data={REPEATS.filter((r) => withNever || r !== 'Never').map((r) => ({ value: r, label: r }))}
          allowDeselect={false}
          {...form.getInputProps('recurrence.repeat')}
          onChange={(value) => value && form.setFieldValue('recurrence.repeat', value as Repeat)}
        />
        {repeat !== 'Never' && (
          <DatePickerInput
            label="End date"
            placeholder="No end date (optional)"
            clearable
            valueFormat="ddd D MMM YYYY"
            minDate={form.values.start.slice(0, 10)}
            {...form.getInputProps('recurrence.endDate')}
          />
        )}
      </SimpleGrid>
      {repeat === 'Weekly' && (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            On
          </Text>
          <Chip.Group
            multiple
            value={days}
            onChange={(value) => form.setFieldValue('recurrence.days', value as Weekday[])}
          >
            <Group gap={6}>
              {WEEKDAYS.map((day) => (
                <Chip key={day} value={day} size="sm" radius="sm" aria-label={day[0].toUpperCase() + day.slice(1)}>
                  {weekdayShort(day)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {daysError && (
            <Text size="xs" c="red" role="alert">
              {daysError}
            </Text>
          )}
          <NumberInput
            label="Repeat every"
            rightSection={
              <Text size="sm" c="dimmed" pr={8}>
                weeks
              </Text>
            }
            rightSectionWidth={64}
            min={1}
            max={52}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            w={{ base: '100%', xs: 320 }}
            {...form.getInputProps('recurrence.every')}
          />
        </Stack>
      )}
    </Stack>
  );
}
