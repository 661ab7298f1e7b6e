import { Box, Divider, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconHandGrab } from '@tabler/icons-react';
import { DateTime } from 'luxon';
import { Fragment, useMemo } from 'react';
import { QueryError } from '../../shared/QueryError';
import { StatusBadge } from '../../shared/StatusBadge';
import type { Job } from '../scheduling/jobs';
import { dayLabel, timeLabel, todayIn } from '../scheduling/zonedTime';
import { useOwnJobs } from './homeApi';

/** How far ahead an associate is shown open jobs to request. */
const DAYS_AHEAD = 14;

/** Open jobs from now on, soonest first (a request already answered or sent shows on the row). */
export function openJobsAhead(jobs: readonly Job[], now: number): Job[] {
  return jobs
    .filter((job) => job.isOpen && !job.availabilityOnly && Date.parse(job.endDateTime) > now)
    .sort((a, b) => Date.parse(a.startDateTime) - Date.parse(b.startDateTime) || a.name.localeCompare(b.name));
}

/**
 * An associate's list of open jobs they may request (issue #26 item 9; only with picking up jobs on): the next two
 * weeks, each opening the job's drawer, where the request button is.
 */
export function OpenJobs({ zone, onOpen }: { zone: string; onOpen: (job: Job) => void }) {
  const today = todayIn(zone);
  const range = useMemo(
    () => ({
      first: today,
      last: DateTime.fromISO(today, { zone: 'utc' }).plus({ days: DAYS_AHEAD }).toISODate()!,
    }),
    [today],
  );
  const query = useOwnJobs(range, { showRequestableJobs: 'true' });
  const jobs = openJobsAhead(query.data ?? [], Date.now());
  return (
    <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }} component="section" aria-labelledby="open-jobs-title">
      <Box px={{ base: 'md', xs: 'lg' }} py="md">
        <Title order={4} fz={16} c="navy.8" id="open-jobs-title">
          Open jobs
        </Title>
        <Text size="sm" c="dimmed">
          Jobs without a crew in the next {DAYS_AHEAD} days. Open one to request it.
        </Text>
      </Box>
      <Divider color="var(--app-border)" />
      {query.isError ? (
        <Box p="md">
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        </Box>
      ) : query.isSuccess && jobs.length === 0 ? (
        <Text size="sm" c="dimmed" px={{ base: 'md', xs: 'lg' }} py="md">
          No open jobs right now.
        </Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="open-jobs-title">
          {jobs.map((job, index) => (
            <Fragment key={job.id}>
              {index > 0 && <Divider component="li" aria-hidden color="var(--app-border)" />}
              <li>
                <UnstyledButton w="100%" px={{ base: 'md', xs: 'lg' }} py={10} onClick={() => onOpen(job)}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Box style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} c="navy.8">
                        {job.name}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {dayLabel(job.startDateTime, zone)} · {timeLabel(job.startDateTime, zone)}–
                        {timeLabel(job.endDateTime, zone)} · {job.customer?.name ?? 'Internal'}
                      </Text>
                    </Box>
                    {job.requestStatus === 'pending' ? (
                      <StatusBadge color="indigo">Requested</StatusBadge>
                    ) : (
                      <IconHandGrab
                        size={18}
                        color="var(--mantine-color-navy-6)"
                        aria-hidden
                        style={{ flexShrink: 0 }}
                      />
                    )}
                  </Group>
                </UnstyledButton>
              </li>
            </Fragment>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
