import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { StatusBadge } from '../../shared/StatusBadge';
import { useNow } from '../../shared/useNow';
import { customerAddress, mapsUrl, type Job } from '../scheduling/jobs';
import { dayLabel, timeLabel, todayIn } from '../scheduling/zonedTime';
import { crewNames, nextJob, progressOf } from './today';
import { useUpcomingJobs } from './homeApi';
import { JobTimer } from './JobTimer';

/**
 * An associate's next job, first on Home: the one under way, else the next to start (from the upcoming
 * jobs, which pushes keep fresh), with where to go and a way to open it (and start its timer there).
 */
export function NextJobCard({ zone, onOpen }: { zone: string; onOpen: (job: Job) => void }) {
  const upcoming = useUpcomingJobs();
  const now = useNow(30_000);
  if (!upcoming.isSuccess) return null;
  const job = nextJob(upcoming.data, now);
  if (!job) return null;
  const address = customerAddress(job.customer);
  const underway = progressOf(job, now) === 'inProgress';
  // Start is offered on the day of the job (as the timer control would take it), not days ahead.
  const today = todayIn(zone, new Date(job.startDateTime)) === todayIn(zone) || underway;
  const day = today ? 'Today' : dayLabel(job.startDateTime, zone);
  return (
    <Paper withBorder shadow="xs" p="md" aria-labelledby="next-job-title" component="section">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text id="next-job-title" fw={700} fz={13} tt="uppercase" c="gray.7" lts={0.4}>
            {underway ? 'Your job now' : 'Your next job'}
          </Text>
          {underway && <StatusBadge color="teal">In progress</StatusBadge>}
        </Group>
        <Text fw={700} fz={18} c="navy.8">
          {job.name}
        </Text>
        <Text size="sm" fw={600}>
          {day}, {timeLabel(job.startDateTime, zone)} – {timeLabel(job.endDateTime, zone)}
        </Text>
        <Text size="sm">
          {job.customer?.name ?? 'Internal'}
          {crewNames(job) ? ` · ${crewNames(job)}` : ''}
        </Text>
        {address && (
          <Anchor href={mapsUrl(address)} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconMapPin size={14} aria-hidden />
              {address}
            </Group>
          </Anchor>
        )}
        <Group mt={4} gap="sm" align="flex-start">
          {today && <JobTimer job={job} compact />}
          <Button variant="light" size="sm" onClick={() => onOpen(job)}>
            Job details
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
