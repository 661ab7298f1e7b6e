import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Menu,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCircleCheck,
  IconClockPlay,
  IconClockPlus,
  IconDots,
  IconPencil,
  IconUsers,
} from '@tabler/icons-react';
import { DateTime } from 'luxon';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppStore } from '../../app/store';
import { DEFAULT_LATE_GRACE_MINUTES } from '../../../../src/shared/session';
import { newJobSlot } from '../scheduling/jobForm';
import { JobModal } from '../scheduling/JobModal';
import { AddTimeModal } from './AddTimeModal';
import { AssignCrewModal } from './AssignCrewModal';
import { TimeReviewsPanel } from './TimeReviewsPanel';
import { QueryError } from '../../shared/QueryError';
import { StatusBadge } from '../../shared/StatusBadge';
import { useNow } from '../../shared/useNow';
import { UserAvatar } from '../../shared/UserAvatar';
import { JobRequestsTable } from '../job-requests/JobRequestsTable';
import { usePickUpEnabled } from '../job-requests/jobRequestsApi';
import { SCHEDULE_URL, type Job } from '../scheduling/jobs';
import { useCalendarJobs } from '../scheduling/schedulingApi';
import { timeLabel, todayIn } from '../scheduling/zonedTime';
import { Elapsed } from '../timers/TimerControl';
import { timerTitle, type Timer } from '../timers/timers';
import { useRunningTimers } from '../timers/timersApi';
import { crewJobs, crewNames, endedWithoutTime, isLate, isUnassigned, progressOf, todaySummary } from './today';

/** What a row's action opened: the crew to assign, the job to edit, the time to add. */
type Acting = { kind: 'assign' | 'edit' | 'addTime'; job: Job } | null;

/**
 * Home for the people who run the crew (jobs.crud): today's jobs across the crew with the unassigned and
 * open ones flagged, who is on the clock, jobs that ended without time, the times phones sent with their clocks
 * off to review, and the pending job requests to answer in place. Pushes keep every part live (schedule, timers and request notices).
 */
export function TodayPanel({
  zone,
  compact,
  onOpenJob,
}: {
  zone: string;
  /** A phone: the day's jobs as long as they are, the page's scroll the only one (issue #44 item 15). */
  compact: boolean;
  onOpenJob: (job: Job) => void;
}) {
  const today = todayIn(zone);
  const day = useMemo(() => ({ first: today, last: today }), [today]);
  const jobsQuery = useCalendarJobs(SCHEDULE_URL, day);
  const running = useRunningTimers();
  const pickUpEnabled = usePickUpEnabled();
  // Each half minute: "Now", "Late" and "ended" follow the clock between pushes.
  const now = useNow(30_000);
  const grace = useAppStore((s) => s.session?.company.lateGraceMinutes ?? DEFAULT_LATE_GRACE_MINUTES);
  const onTheClock = useMemo(() => new Set((running.data ?? []).map((t) => t.userId)), [running.data]);
  const [acting, setActing] = useState<Acting>(null);
  const navigate = useNavigate();
  const jobs = useMemo(() => crewJobs(jobsQuery.data ?? []), [jobsQuery.data]);
  // The job being acted on as the day's data has it now (a push may have changed it).
  const actingJob = acting ? (jobs.find((j) => j.id === acting.job.id) ?? acting.job) : null;
  const actions: RowActions = {
    open: onOpenJob,
    assign: (job) => setActing({ kind: 'assign', job }),
    edit: (job) => setActing({ kind: 'edit', job }),
    openInSchedule: (job) =>
      void navigate(`/scheduling?day=${todayIn(zone, new Date(job.startDateTime))}&job=${encodeURIComponent(job.id)}`),
  };
  const summary = todaySummary(jobs, now);
  const untracked = endedWithoutTime(jobs, now);
  const lateCount = jobs.filter((job) => isLate(job, now, onTheClock, grace)).length;
  const dayTitle = DateTime.fromISO(today, { zone: 'utc' }).toFormat('cccc, LLLL d');

  return (
    <Stack gap="lg" component="section" aria-labelledby="today-title">
      <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
        <Group justify="space-between" px={{ base: 'md', xs: 'lg' }} py="md" gap="xs">
          <div>
            <Title order={2} fz={18} c="navy.8" id="today-title">
              Today
            </Title>
            <Text size="sm" c="dimmed">
              {dayTitle}
            </Text>
          </div>
          {jobsQuery.isSuccess && (
            <Group gap={6} aria-label="Today in numbers">
              <StatusBadge color="gray">
                {summary.total} {summary.total === 1 ? 'job' : 'jobs'}
              </StatusBadge>
              {summary.inProgress > 0 && <StatusBadge color="teal">{summary.inProgress} in progress</StatusBadge>}
              {summary.unassigned > 0 && <StatusBadge color="red">{summary.unassigned} unassigned</StatusBadge>}
              {lateCount > 0 && <StatusBadge color="red">{lateCount} late</StatusBadge>}
              {running.data && <StatusBadge color="indigo">{running.data.length} on the clock</StatusBadge>}
            </Group>
          )}
        </Group>
        <Divider color="var(--app-border)" />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0}>
          <Box style={{ borderRight: '1px solid var(--app-border)' }}>
            <PanelTitle title="Today's jobs" id="today-jobs-title" />
            {jobsQuery.isError ? (
              <Box p="md">
                <QueryError error={jobsQuery.error} onRetry={() => void jobsQuery.refetch()} />
              </Box>
            ) : jobsQuery.isSuccess && jobs.length === 0 ? (
              <Empty>No jobs are scheduled today.</Empty>
            ) : (
              <ScrollArea.Autosize mah={compact ? undefined : 420} type="auto">
                <Stack
                  component="ul"
                  gap={0}
                  p={0}
                  m={0}
                  aria-labelledby="today-jobs-title"
                  style={{ listStyle: 'none' }}
                >
                  {jobs.map((job, index) => (
                    <Fragment key={job.id}>
                      {index > 0 && <Divider component="li" aria-hidden color="var(--app-border)" />}
                      <li>
                        <TodayJob
                          job={job}
                          zone={zone}
                          now={now}
                          late={isLate(job, now, onTheClock, grace)}
                          pickUpEnabled={pickUpEnabled}
                          actions={actions}
                        />
                      </li>
                    </Fragment>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Box>
          <Stack gap={0}>
            <PanelTitle title="On the clock" id="on-the-clock-title" />
            {running.isError ? (
              <Box p="md">
                <QueryError error={running.error} onRetry={() => void running.refetch()} />
              </Box>
            ) : running.data && running.data.length === 0 ? (
              <Empty>No one is on the clock right now.</Empty>
            ) : (
              <Stack
                component="ul"
                gap={0}
                p={0}
                m={0}
                aria-labelledby="on-the-clock-title"
                style={{ listStyle: 'none' }}
              >
                {(running.data ?? []).map((timer) => (
                  <OnTheClock key={timer.id} timer={timer} zone={zone} />
                ))}
              </Stack>
            )}
            <Divider color="var(--app-border)" />
            <PanelTitle title="Ended without tracked time" id="untracked-title" />
            {jobsQuery.isSuccess && untracked.length === 0 ? (
              <Empty>Every job that has ended today has time on it.</Empty>
            ) : (
              <Stack component="ul" gap={0} p={0} m={0} aria-labelledby="untracked-title" style={{ listStyle: 'none' }}>
                {untracked.map((job) => (
                  <Group component="li" key={job.id} gap={0} wrap="nowrap" pr={{ base: 'md', xs: 'lg' }}>
                    <UnstyledButton
                      style={{ flex: 1, minWidth: 0 }}
                      px={{ base: 'md', xs: 'lg' }}
                      py={8}
                      onClick={() => onOpenJob(job)}
                    >
                      <Group gap="xs" wrap="nowrap" align="flex-start">
                        <IconAlertTriangle
                          size={16}
                          color="var(--mantine-color-orange-8)"
                          aria-hidden
                          style={{ marginTop: 2 }}
                        />
                        <div>
                          <Text size="sm" fw={600} c="navy.8">
                            {job.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            Ended {timeLabel(job.endDateTime, zone)} · {crewNames(job)}
                          </Text>
                        </div>
                      </Group>
                    </UnstyledButton>
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconClockPlus size={14} />}
                      aria-label={`Add time for ${job.name}`}
                      onClick={() => setActing({ kind: 'addTime', job })}
                    >
                      Add time
                    </Button>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        </SimpleGrid>
      </Paper>
      <TimeReviewsPanel zone={zone} />
      {pickUpEnabled && <JobRequestsTable zone={zone} placement="inline" />}
      {acting?.kind === 'assign' && actingJob && (
        <AssignCrewModal job={actingJob} zone={zone} onClose={() => setActing(null)} />
      )}
      {acting?.kind === 'addTime' && actingJob && (
        <AddTimeModal job={actingJob} zone={zone} onClose={() => setActing(null)} />
      )}
      {acting?.kind === 'edit' && actingJob && (
        <JobModal job={actingJob} slot={newJobSlot(zone)} onClose={() => setActing(null)} />
      )}
    </Stack>
  );
}

function PanelTitle({ title, id }: { title: string; id: string }) {
  return (
    <Text id={id} px={{ base: 'md', xs: 'lg' }} pt="md" pb={6} fw={700} fz={13} tt="uppercase" c="gray.7" lts={0.4}>
      {title}
    </Text>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed" px={{ base: 'md', xs: 'lg' }} pb="md">
    {children}
  </Text>
);

interface RowActions {
  open: (job: Job) => void;
  assign: (job: Job) => void;
  edit: (job: Job) => void;
  openInSchedule: (job: Job) => void;
}

/**
 * One of today's jobs: times, name, crew (or unassigned), customer, and where it stands now (late: under way past
 * the grace with nobody of its crew on the clock). The row opens the job; its menu assigns, edits or opens it in
 * the schedule (an unassigned job shows Assign at once).
 */
function TodayJob({
  job,
  zone,
  now,
  late,
  pickUpEnabled,
  actions,
}: {
  job: Job;
  zone: string;
  now: number;
  late: boolean;
  pickUpEnabled: boolean;
  actions: RowActions;
}) {
  const progress = progressOf(job, now);
  const unassigned = isUnassigned(job);
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" pr={{ base: 'xs', xs: 'sm' }}>
      <UnstyledButton
        style={{ flex: 1, minWidth: 0 }}
        px={{ base: 'md', xs: 'lg' }}
        py={8}
        onClick={() => actions.open(job)}
        // No fading of an ended job: its gray-7 and dimmed text fell below 4.5:1 (axe, after the demo's first job ends); the check mark says it.
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Box w={4} style={{ alignSelf: 'stretch', borderRadius: 2, background: job.color, flexShrink: 0 }} />
          <Box w={74} style={{ flexShrink: 0 }}>
            <Text size="xs" fw={600} c="navy.8">
              {timeLabel(job.startDateTime, zone)}
            </Text>
            <Text size="xs" c="dimmed">
              {timeLabel(job.endDateTime, zone)}
            </Text>
          </Box>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600} c="navy.8">
                {job.name}
              </Text>
              {unassigned && <StatusBadge color="red">Unassigned</StatusBadge>}
              {late && <StatusBadge color="red">Late</StatusBadge>}
              {job.isOpen && pickUpEnabled && (
                <Badge size="xs" color="navy" variant="outline" radius="sm">
                  Open
                </Badge>
              )}
              {job.selfBooked && <StatusBadge color="teal">Booked online</StatusBadge>}
            </Group>
            <Text size="xs" c="gray.7">
              {unassigned ? 'No one is on this job' : crewNames(job)} · {job.customer?.name ?? 'Internal'}
            </Text>
            {late && (
              <Text size="xs" c="red.9">
                Nobody of its crew is on the clock
              </Text>
            )}
          </Box>
          {progress === 'inProgress' && !late && <StatusBadge color="teal">Now</StatusBadge>}
          {progress === 'done' && (
            <IconCircleCheck
              size={18}
              color="var(--mantine-color-gray-6)"
              aria-label="Ended"
              style={{ flexShrink: 0 }}
            />
          )}
        </Group>
      </UnstyledButton>
      {unassigned && progress !== 'done' && (
        <Button
          size="compact-sm"
          variant="light"
          mt={8}
          onClick={() => actions.assign(job)}
          aria-label={`Assign ${job.name}`}
        >
          Assign
        </Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" mt={6} size="lg" aria-label={`Actions for ${job.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUsers size={16} />} onClick={() => actions.assign(job)}>
            {unassigned ? 'Assign crew' : 'Change crew'}
          </Menu.Item>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.edit(job)}>
            Edit
          </Menu.Item>
          <Menu.Item leftSection={<IconCalendarEvent size={16} />} onClick={() => actions.openInSchedule(job)}>
            Open in schedule
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** A person on the clock: who, on what, since when, and for how long (live). */
function OnTheClock({ timer, zone }: { timer: Timer; zone: string }) {
  const [firstName, ...rest] = timer.userFullName.split(' ');
  return (
    <Group component="li" gap="sm" wrap="nowrap" px={{ base: 'md', xs: 'lg' }} py={8}>
      <UserAvatar firstName={firstName} lastName={rest.join(' ')} size={30} />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} c="navy.8">
          {timer.userFullName}
        </Text>
        <Text size="xs" c="gray.7">
          {timerTitle(timer)}
          {timer.customerName ? ` · ${timer.customerName}` : ''} · since {timeLabel(timer.startDateTime, zone)}
        </Text>
      </Box>
      <Group gap={4} wrap="nowrap">
        <IconClockPlay size={14} color="var(--mantine-color-teal-8)" aria-hidden />
        <Elapsed start={timer.startDateTime} />
      </Group>
    </Group>
  );
}
