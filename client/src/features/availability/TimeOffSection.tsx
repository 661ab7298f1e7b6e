import { ActionIcon, Button, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../shared/notify';
import { QueryError } from '../../shared/QueryError';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import type { User } from '../users/users';
import { useSaveTimeOff, useTimeOff } from './availabilityApi';
import { timeLabel, timeOptions } from './availabilityForm';
import { timeOffLabel, withoutTimeOff, withTimeOff, type TimeOff } from './timeOff';

/** 'all': the whole day (Select keeps no empty value). */
const ALL_DAY = 'all';
const START_OPTIONS = [{ value: ALL_DAY, label: 'All day' }, ...timeOptions('start')];
const END_OPTIONS = timeOptions('end');
/** A stretch as the list says it: its days, and its hours for part of a day. */
const spanLabel = (t: TimeOff) =>
  `${timeOffLabel(t.from, t.to)}${t.startTime && t.endTime ? `, ${timeLabel(t.startTime)} – ${timeLabel(t.endTime)}` : ''}`;

type Range = [string | null, string | null];
const day = (value: unknown) => (value ? String(value).slice(0, 10) : null);

/** A person's time off in the availability dialog: whole days away, saved as each is added or removed. */
export function TimeOffSection({ user }: { user: User }) {
  const list = useTimeOff(user.id);
  const save = useSaveTimeOff(user.id);
  const [range, setRange] = useState<Range>([null, null]);
  const [note, setNote] = useState('');
  const [startTime, setStartTime] = useState('');
  const [endTime, setEndTime] = useState('');
  const items = list.data?.timeOff ?? [];
  const [from, to] = range;
  // Hours are for one day: a part of it, or (no start) the whole of it.
  const oneDay = !!from && from === to;
  const hours = oneDay && startTime && endTime ? { startTime, endTime } : null;

  return (
    <Stack gap="sm" component="section" aria-label="Time off">
      <Stack gap={2}>
        <Title order={3} fz={15} c="navy.8">
          Time off
        </Title>
        <Text size="sm" c="dimmed">
          Days {user.firstName} is away, or hours of one day: online booking offers no times with them then, and the
          schedule warns before giving them a job. Saved as you add or remove them.
        </Text>
      </Stack>
      <ServerErrorAlert error={save.error} />
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton h={36} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No time off.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((t) => (
            <Group key={t.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                <Text span fw={600} size="sm">
                  {spanLabel(t)}
                </Text>
                {t.note ? ` · ${t.note}` : ''}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove time off ${spanLabel(t)}`}
                disabled={save.isPending}
                onClick={() =>
                  save.mutate(withoutTimeOff(items, t.id), {
                    onSuccess: () => notifySuccess('Time off has been removed'),
                  })
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <Group align="flex-end" gap="xs" wrap="wrap">
        <DatePickerInput
          type="range"
          allowSingleDateInRange
          label="From – to"
          valueFormat="MMM D, YYYY"
          nextLabel="Next month"
          previousLabel="Previous month"
          value={range}
          onChange={(value) => setRange([day(value[0]), day(value[1])])}
          style={{ flex: '1 1 220px' }}
        />
        {oneDay && (
          <Group gap={6} wrap="nowrap" align="flex-end" style={{ flex: '1 1 260px' }}>
            <Select
              label="Hours"
              aria-label="Time off starts"
              data={START_OPTIONS}
              value={startTime || ALL_DAY}
              onChange={(value) => {
                const start = value && value !== ALL_DAY ? value : '';
                setStartTime(start);
                if (!start) setEndTime('');
                else if (!endTime || endTime <= start) setEndTime(END_OPTIONS.find((o) => o.value > start)!.value);
              }}
              allowDeselect={false}
              searchable
              maxDropdownHeight={240}
              style={{ flex: 1, minWidth: 110 }}
            />
            {startTime && (
              <>
                <Text size="sm" c="dimmed" aria-hidden pb={8}>
                  –
                </Text>
                <Select
                  aria-label="Time off ends"
                  data={END_OPTIONS.filter((o) => o.value > startTime)}
                  value={endTime}
                  onChange={(value) => setEndTime(value ?? '')}
                  allowDeselect={false}
                  searchable
                  maxDropdownHeight={240}
                  style={{ flex: 1, minWidth: 110 }}
                />
              </>
            )}
          </Group>
        )}
        <TextInput
          label="Note (optional)"
          placeholder="Family trip"
          maxLength={200}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          style={{ flex: '1 1 160px' }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={!from || !to}
          loading={save.isPending}
          onClick={() =>
            from &&
            to &&
            save.mutate(withTimeOff(items, from, to, note, hours), {
              onSuccess: () => {
                notifySuccess('Time off has been added');
                setRange([null, null]);
                setNote('');
                setStartTime('');
                setEndTime('');
              },
            })
          }
        >
          Add time off
        </Button>
      </Group>
    </Stack>
  );
}
