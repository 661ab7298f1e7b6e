import { ActionIcon, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../shared/notify';
import { QueryError } from '../../shared/QueryError';
import { SectionCard } from '../../shared/SectionCard';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import { holidayDateLabel, withHoliday, withoutHoliday, type Holiday } from './holidays';
import { useHolidays, useSaveHolidays } from './organizationApi';

/** The organization's holidays (#24): whole days in its zone that online booking offers no time on. */
export function OrganizationHolidaysCard() {
  const holidays = useHolidays();
  const save = useSaveHolidays();
  const [date, setDate] = useState<string | null>(null);
  const [name, setName] = useState('');
  const list = holidays.data?.holidays ?? [];

  function saveList(next: Holiday[], message: string, after?: () => void) {
    save.mutate(next, {
      onSuccess: () => {
        notifySuccess(message);
        after?.();
      },
    });
  }

  return (
    <SectionCard
      title="Holidays"
      description="Days your organization is closed: online booking offers no times on them."
    >
      {holidays.isError ? (
        <QueryError error={holidays.error} onRetry={() => void holidays.refetch()} />
      ) : holidays.isPending ? (
        <Skeleton h={80} />
      ) : (
        <Stack gap="md">
          <ServerErrorAlert error={save.error} />
          {list.length === 0 ? (
            <Text size="sm" c="dimmed">
              No holidays yet.
            </Text>
          ) : (
            <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Holidays">
              {list.map((h) => (
                <Group key={h.date} component="li" justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm">
                    <Text span fw={600} size="sm">
                      {holidayDateLabel(h.date)}
                    </Text>
                    {h.name ? ` · ${h.name}` : ''}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${holidayDateLabel(h.date)}`}
                    disabled={save.isPending}
                    onClick={() => saveList(withoutHoliday(list, h.date), 'Holiday has been removed')}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
          <Group align="flex-end" gap="xs" wrap="wrap">
            <DatePickerInput
              label="Date"
              valueFormat="MMM D, YYYY"
              nextLabel="Next month"
              previousLabel="Previous month"
              value={date}
              onChange={(value) => setDate(value ? String(value).slice(0, 10) : null)}
              style={{ flex: '1 1 140px' }}
            />
            <TextInput
              label="Name (optional)"
              placeholder="Thanksgiving"
              maxLength={80}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              style={{ flex: '1 1 160px' }}
            />
            <Button
              leftSection={<IconPlus size={16} />}
              disabled={!date}
              loading={save.isPending}
              onClick={() =>
                date &&
                saveList(withHoliday(list, date, name), 'Holiday has been added', () => {
                  setDate(null);
                  setName('');
                })
              }
            >
              Add
            </Button>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}
