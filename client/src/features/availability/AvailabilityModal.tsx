import { ActionIcon, Alert, Button, Divider, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCopy, IconInfoCircle, IconPlus, IconX } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useAppStore } from '../../app/store';
import { MOBILE_QUERY } from '../../app/theme';
import { notifySuccess } from '../../shared/notify';
import { QueryError } from '../../shared/QueryError';
import type { User } from '../users/users';
import { WEEK_DAYS, type UserAvailability, type WeekDay } from './availability';
import {
  copyToWeekdays,
  dayProblems,
  hasProblems,
  newRow,
  rowsFromAvailability,
  rowsInError,
  rowsOfDay,
  timeLabel,
  timeOptions,
  type AvailabilityRow,
} from './availabilityForm';
import { useSaveAvailability, useUserAvailability } from './availabilityApi';
import classes from './AvailabilityModal.module.css';
import { TimeOffSection } from './TimeOffSection';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';

const START_OPTIONS = timeOptions('start');
const END_OPTIONS = timeOptions('end');

/** A user's weekly availability, opened from the Users screen. Mounted fresh each time it opens. */
export function AvailabilityModal({ user, onClose }: { user: User; onClose: () => void }) {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const week = useUserAvailability(user.id);
  return (
    <Modal opened onClose={onClose} title={`Availability of ${user.fullName}`} size={720} fullScreen={mobile}>
      {week.isError ? (
        <QueryError error={week.error} onRetry={() => void week.refetch()} />
      ) : week.data ? (
        <AvailabilityEditor user={user} week={week.data} onClose={onClose} />
      ) : (
        <Stack gap="sm" aria-busy>
          {WEEK_DAYS.map((day) => (
            <Skeleton key={day} h={36} />
          ))}
        </Stack>
      )}
    </Modal>
  );
}

function AvailabilityEditor({ user, week, onClose }: { user: User; week: UserAvailability; onClose: () => void }) {
  // The form starts from the week as loaded; a push while editing refreshes the cache, not the edits.
  const [rows, setRows] = useState<AvailabilityRow[]>(() => rowsFromAvailability(week.entries));
  const nextKey = useRef(0);
  const timeZone = useAppStore((s) => s.session?.company.timeZone);
  const save = useSaveAvailability(user.id);
  const problems = useMemo(() => dayProblems(rows), [rows]);
  const inError = useMemo(() => rowsInError(rows), [rows]);
  // Never saved and nothing added yet: every day counts as available at any time.
  const anyTime = !week.saved && rows.length === 0;

  const add = (day: WeekDay) => setRows((current) => [...current, newRow(current, day, `new-${nextKey.current++}`)]);
  const copy = (day: WeekDay) => setRows((current) => copyToWeekdays(current, day, () => `new-${nextKey.current++}`));
  const remove = (key: string) => setRows((current) => current.filter((r) => r.key !== key));
  const change = (key: string, field: 'startTime' | 'endTime', value: string | null) =>
    value && setRows((current) => current.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  function submit() {
    if (hasProblems(rows)) return;
    save.mutate(rows, {
      onSuccess: () => {
        notifySuccess('Availability has been updated');
        onClose();
      },
    });
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The hours {user.firstName} can be scheduled each week
        {timeZone && (
          <>
            , in the organization&apos;s time zone{' '}
            <span style={{ whiteSpace: 'nowrap' }}>({timeZone.replace(/_/g, ' ')})</span>
          </>
        )}
        .
      </Text>
      {!week.saved && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          No availability has been saved for {user.firstName} yet, so scheduling treats them as available at any time.
          Once hours are saved, {user.firstName} is available only then: a day left empty is not available.
        </Alert>
      )}
      <ServerErrorAlert error={save.error} />
      <div>
        {WEEK_DAYS.map((day) => {
          const ofDay = rowsOfDay(rows, day);
          return (
            <section key={day} className={classes.day} aria-label={day}>
              <Text className={classes.name} fw={600} size="sm" c="navy.8">
                {day}
              </Text>
              <div className={classes.entries}>
                {ofDay.length === 0 ? (
                  <Text className={classes.empty} size="sm" c="dimmed">
                    {/* As scheduling counts it now, or once these hours are saved. */}
                    {anyTime ? 'Any time' : 'Not available'}
                  </Text>
                ) : (
                  <Stack gap={6}>
                    {ofDay.map((row) => (
                      <Group key={row.key} gap={6} wrap="nowrap">
                        <Select
                          className={classes.time}
                          aria-label={`${day} start time`}
                          data={START_OPTIONS}
                          value={row.startTime}
                          onChange={(value) => change(row.key, 'startTime', value)}
                          allowDeselect={false}
                          searchable
                          maxDropdownHeight={240}
                          error={inError.has(row.key)}
                        />
                        <Text size="sm" c="dimmed" aria-hidden>
                          –
                        </Text>
                        <Select
                          className={classes.time}
                          aria-label={`${day} end time`}
                          data={END_OPTIONS}
                          value={row.endTime}
                          onChange={(value) => change(row.key, 'endTime', value)}
                          allowDeselect={false}
                          searchable
                          maxDropdownHeight={240}
                          error={inError.has(row.key)}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Remove ${day} ${timeLabel(row.startTime)} to ${timeLabel(row.endTime)}`}
                          onClick={() => remove(row.key)}
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </Group>
                    ))}
                    {problems[day] && (
                      <Text size="xs" c="red" role="alert">
                        {problems[day]}
                      </Text>
                    )}
                  </Stack>
                )}
              </div>
              <Group className={classes.add} gap={4} wrap="nowrap" justify="flex-end">
                {ofDay.length > 0 && (
                  <Button
                    variant="subtle"
                    color="gray"
                    size="compact-sm"
                    leftSection={<IconCopy size={14} />}
                    aria-label={`Copy ${day} to weekdays`}
                    title={`Give Monday to Friday ${day}'s hours, in place of theirs`}
                    onClick={() => copy(day)}
                  >
                    Copy to weekdays
                  </Button>
                )}
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} />}
                  aria-label={`Add availability on ${day}`}
                  onClick={() => add(day)}
                >
                  Add
                </Button>
              </Group>
            </section>
          );
        })}
      </div>
      <Divider />
      <TimeOffSection user={user} />
      <Divider />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        {/* Saving no hours at all would make a never-saved week "not available" every day. */}
        <Button onClick={submit} loading={save.isPending} disabled={anyTime || hasProblems(rows)}>
          Save availability
        </Button>
      </Group>
    </Stack>
  );
}
