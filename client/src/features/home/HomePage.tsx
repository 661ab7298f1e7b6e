import { Anchor, Box, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCar, IconClockCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useStore } from 'zustand';
import { useAppStore } from '../../app/store';
import { BRAND_NAVY } from '../../app/theme';
import { PageHeader } from '../../shared/PageHeader';
import { QueryError } from '../../shared/QueryError';
import { asOfParams } from '../../shared/asOf';
import { AsOfBanner, useAsOf } from '../../shared/AsOfBanner';
import { jobToEvent } from '../scheduling/calendarEvents';
import { CalendarLegend, type LegendItem } from '../scheduling/CalendarLegend';
import { CalendarToolbar } from '../scheduling/CalendarToolbar';
import { HOME_VIEWS } from '../scheduling/calendarViews';
import { JobCalendar } from '../scheduling/JobCalendar';
import {
  AVAILABLE_COLOR,
  INTERNAL_COLOR,
  MILEAGE_SUBMITTED_COLOR,
  TIME_SUBMITTED_COLOR,
} from '../../../../src/shared/job-colours';
import type { Job } from '../scheduling/jobs';
import { useCalendarScreen } from '../scheduling/useCalendarScreen';
import { hourIn } from '../scheduling/zonedTime';
import { greeting } from './greeting';
import { useOwnJobs, useUpcomingJobs } from './homeApi';
import { JobDetailsDrawer } from './JobDetailsDrawer';
import { UpcomingJobs } from './UpcomingJobs';
import { TimerControl } from '../timers/TimerControl';
import { usePickUpEnabled } from '../job-requests/jobRequestsApi';
import { useHasClaim } from '../session/session';
import { NextJobCard } from './NextJobCard';
import { OpenJobs } from './OpenJobs';
import { TodayPanel } from './TodayPanel';

const CALENDAR_HEIGHT = 800;
const REQUESTABLE = { showRequestableJobs: 'true' };

/**
 * Home (spec §2): own read-only calendar, the legend, and own upcoming jobs. Above the calendar, the day:
 * for those who schedule (jobs.crud) the crew's today panel; for everyone else their next job, after the
 * timer on a phone.
 */
export function HomePage() {
  const schedules = useHasClaim('jobs.crud');
  const firstName = useAppStore((s) => s.session?.user.firstName ?? '');
  const myColor = useAppStore((s) => s.session?.user.colorCode || BRAND_NAVY);
  const { store, calendarRef, zone, mobile, view, day, navigation, workday } = useCalendarScreen(
    'home',
    HOME_VIEWS,
    'week',
  );
  const range = useStore(store, (s) => s.range);
  const title = useStore(store, (s) => s.title);
  // With picking up jobs on, open jobs are offered here too (spec §2 Home: requestable jobs).
  // As of a moment (issue #17): one's calendar and upcoming jobs as they stood then, read-only; what is about
  // now (the day's panel, the timer, requests) stays out of it.
  const { asOf, backToNow } = useAsOf();
  const readOnly = asOf !== null;
  const pickUpEnabled = usePickUpEnabled() && !readOnly;
  const jobs = useOwnJobs(range, {
    ...(pickUpEnabled ? REQUESTABLE : {}),
    ...asOfParams(asOf),
  });
  const [open, setOpen] = useState<Job | null>(null);
  // A dispatcher (schedules, is on no job in the next 30 days): an empty week of their own says nothing; the
  // crew's day is above, and the schedule is a link away.
  const upcoming = useUpcomingJobs();
  const noJobsOfOwn = schedules && !readOnly && upcoming.data?.length === 0;

  // The drawer follows the calendar's data: a request answered meanwhile shows at once.
  const shown = open ? (jobs.data?.find((j) => j.id === open.id) ?? open) : null;
  const events = useMemo(() => (jobs.data ?? []).map((job) => jobToEvent(job, { editable: false })), [jobs.data]);
  // Timers come later: time and mileage submitted are legend entries only for now.
  const legend: LegendItem[] = [
    { label: 'Time submitted', icon: <IconClockCheck size={16} color={TIME_SUBMITTED_COLOR} /> },
    { label: 'Mileage submitted', icon: <IconCar size={16} color={MILEAGE_SUBMITTED_COLOR} /> },
    { label: 'My jobs', color: myColor },
    { label: 'Internal', color: INTERNAL_COLOR },
    { label: 'Available for Requests', color: AVAILABLE_COLOR },
  ];

  return (
    <>
      {asOf && <AsOfBanner asOf={asOf} onBackToNow={backToNow} />}
      <PageHeader title="Home" description={`${greeting(hourIn(zone))}, ${firstName}.`} />
      <Stack gap="lg">
        {mobile && !readOnly && (
          // Spec §2: the mobile timer button (the top bar has no room on a phone).
          <Group>
            <TimerControl block />
          </Group>
        )}
        {readOnly ? null : schedules ? (
          <TodayPanel zone={zone} compact={mobile} onOpenJob={setOpen} />
        ) : (
          <>
            <NextJobCard zone={zone} onOpen={setOpen} />
            {pickUpEnabled && <OpenJobs zone={zone} onOpen={setOpen} />}
          </>
        )}
        {noJobsOfOwn ? (
          <Paper
            component="section"
            withBorder
            shadow="xs"
            px={{ base: 'md', xs: 'lg' }}
            py="md"
            aria-labelledby="own-jobs-title"
          >
            <Title order={4} fz={16} c="navy.8" id="own-jobs-title">
              My jobs
            </Title>
            <Text size="sm" c="dimmed">
              You are on no job in the next 30 days: your calendar and upcoming jobs show here when you are. Every job
              of the crew is on the{' '}
              <Anchor component={Link} to={paths.scheduling} size="sm" fw={600}>
                Job Schedule
              </Anchor>
              .
            </Text>
          </Paper>
        ) : (
          <>
            <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
              <Box px="md" pt="md" pb="xs">
                <CalendarLegend items={legend} />
              </Box>
              {jobs.isError && (
                <Box px="md" pb="xs">
                  <QueryError error={jobs.error} onRetry={() => void jobs.refetch()} />
                </Box>
              )}
              <CalendarToolbar title={title} views={HOME_VIEWS} view={view} compact={mobile} {...navigation} />
              <Divider color="var(--app-border)" />
              <div
                style={{ opacity: jobs.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
                aria-busy={jobs.isFetching}
              >
                {view !== 'timelineDay' && (
                  <JobCalendar
                    calendarRef={calendarRef}
                    workday={workday}
                    view={view}
                    day={day}
                    timeZone={zone}
                    // A phone's Home is one scroll: the day's hours in the page, not a grid scrolling inside it.
                    height={mobile ? 'auto' : CALENDAR_HEIGHT}
                    events={events}
                    onRangeChange={(r, t) => store.getState().showRange(r, t)}
                    onJobClick={setOpen}
                  />
                )}
              </div>
            </Paper>
            <UpcomingJobs zone={zone} compact={mobile} asOf={asOf} onOpen={setOpen} />
          </>
        )}
      </Stack>
      {shown && (
        <JobDetailsDrawer
          job={shown}
          zone={zone}
          requestable={pickUpEnabled && shown.isOpen}
          readOnly={readOnly}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
