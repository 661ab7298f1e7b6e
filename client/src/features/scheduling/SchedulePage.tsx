import { Alert, Box, Button, Collapse, Divider, Group, LoadingOverlay, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconChevronDown,
  IconHandStop,
  IconLink,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { errorMessage } from '../../app/api';
import { notifyError, notifySuccess } from '../../shared/notify';
import { PageHeader } from '../../shared/PageHeader';
import { QueryError } from '../../shared/QueryError';
import { asOfParams } from '../../shared/asOf';
import { AsOfBanner, useAsOf } from '../../shared/AsOfBanner';
import { AsOfPicker } from '../../shared/AsOfPicker';
import { availableHours } from '../availability/availability';
import { askScope } from './askScope';
import type { ClashReport } from './clashes';
import { confirmClashes } from './confirmClashes';
import { notifyWithUndo } from './undoToast';
import { availabilityEvents, jobToEvent } from './calendarEvents';
import { CalendarLegend } from './CalendarLegend';
import { scheduleLegend } from './scheduleLegend';
import { CalendarToolbar } from './CalendarToolbar';
import { isTimeGrid, SCHEDULE_VIEWS } from './calendarViews';
import { JobCalendar, type CalendarMove } from './JobCalendar';
import { filterJobs } from './jobFilters';
import { newJobSlot, type JobFormValues } from './jobForm';
import { clearJobDraft, loadJobDraft } from './jobDraft';
import { useAppStore } from '../../app/store';
import { DRAG_MIN_WIDTH_QUERY, isRecurring, NEW_JOB_MINUTES, SCHEDULE_URL, type Job } from './jobs';
import { JobModal } from './JobModal';
import { ScheduleControls } from './ScheduleControls';
import {
  checkClashes,
  useActiveEmployees,
  useAvailabilityShading,
  useCalendarBatch,
  useCalendarJobs,
  changedBack,
  useChangeJob,
  useCustomerOptions,
  useJob,
  type CalendarChange,
} from './schedulingApi';
import { TimelineDay } from './TimelineDay';
import { useCalendarScreen } from './useCalendarScreen';
import { JobRequestsTable } from '../job-requests/JobRequestsTable';
import { usePickUpEnabled } from '../job-requests/jobRequestsApi';
import { addMinutes, isoFromOffset, wallFromIso } from './zonedTime';

const CALENDAR_HEIGHT = 1100;

// The booking links' drawer (and its date picker) loads when first opened.
const BookingLinksDrawer = lazy(async () => ({
  default: (await import('../booking/BookingLinksDrawer')).BookingLinksDrawer,
}));

type Editing = { job: Job | null; slot: { start: string; end: string }; draft?: JobFormValues | null };

/** Job Schedule (spec §2): every job of the organization on a calendar managers edit. */
export function SchedulePage() {
  const { store, calendarRef, zone, mobile, view, day, navigation, workday } = useCalendarScreen(
    'schedule',
    SCHEDULE_VIEWS,
    'workWeek',
  );
  const range = useStore(store, (s) => s.range);
  const title = useStore(store, (s) => s.title);
  const blockMinutes = useStore(store, (s) => s.blockMinutes);
  const availabilityUserId = useStore(store, (s) => s.availabilityUserId);
  const chips = useStore(store, (s) => s.chips);
  const wide = useMediaQuery(DRAG_MIN_WIDTH_QUERY, undefined, { getInitialValueInEffect: false }) ?? false; // spec §5: no dragging below 768 px
  // As of a moment (issue #17): the schedule as it stood then, read-only; live notices refetch that moment.
  const { asOf, backToNow } = useAsOf();
  const readOnly = asOf !== null;
  const canDrag = wide && !readOnly;

  const jobs = useCalendarJobs(SCHEDULE_URL, range, asOfParams(asOf));
  const { employees } = useActiveEmployees();
  const customers = useCustomerOptions();
  const availability = useAvailabilityShading(availabilityUserId);
  const batch = useCalendarBatch();
  const changeJob = useChangeJob();
  const [editing, setEditing] = useState<Editing | null>(null);
  // A New Job left unsaved (the session ended, the tab reloaded): offered back until created or discarded.
  const userId = useAppStore((s) => s.session?.user.id ?? '');
  const [draft, setDraft] = useState(() => (userId ? loadJobDraft(userId) : null));
  function closeModal() {
    setEditing(null);
    setDraft(userId ? loadJobDraft(userId) : null);
  }
  // Another moment (a History's "Schedule before", "Back to now"): the open job was of the one before.
  const asOfKey = asOf ? JSON.stringify(asOf) : '';
  const [shownAsOf, setShownAsOf] = useState(asOfKey);
  if (shownAsOf !== asOfKey) {
    setShownAsOf(asOfKey);
    setEditing(null);
  }
  const [bookingLinks, setBookingLinks] = useState(false);
  // On a phone the options and the legend fold away, so the day's grid starts on the first screen.
  const [optionsShown, setOptionsShown] = useState(false);
  const optionsInUse = chips.length + (availabilityUserId ? 1 : 0);
  const pickUpEnabled = usePickUpEnabled() && !readOnly;

  // A link to a job (`?job=<id>`, from the audit log): open it once it is read, and drop the parameter.
  const [params, setParams] = useSearchParams();
  const linkedJobId = params.get('job');
  const linkedJob = useJob(linkedJobId);
  useEffect(() => {
    if (!linkedJobId || !linkedJob.data) return;
    setEditing({ job: linkedJob.data, slot: newJobSlot(zone) });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('job');
        return next;
      },
      { replace: true },
    );
  }, [linkedJobId, linkedJob.data, zone, setParams]);

  const allJobs = useMemo(() => jobs.data ?? [], [jobs.data]);
  const shownJobs = useMemo(() => filterJobs(allJobs, chips), [allJobs, chips]);
  const events = useMemo(() => {
    const list = shownJobs.map((job) => jobToEvent(job, { editable: canDrag }));
    if (availability.data && isTimeGrid(view)) list.push(...availabilityEvents(availableHours(availability.data)));
    return list;
  }, [shownJobs, canDrag, availability.data, view]);
  const onlyEmployeeIds = useMemo(() => new Set(chips.filter((c) => c.kind === 'employee').map((c) => c.id)), [chips]);

  const legend = useMemo(
    () => scheduleLegend(employees ?? [], !!availabilityUserId && isTimeGrid(view)),
    [employees, availabilityUserId, view],
  );

  /** The server's clash check of a drag, resize or reassignment (null if it cannot answer: the save still runs). */
  async function clashesOf(change: CalendarChange, scope: 'occurrence' | 'series'): Promise<ClashReport | null> {
    const { id, ...jobModel } = change;
    return checkClashes({ id, scope, jobModel }).catch(() => null);
  }

  /** Sends a change of one occurrence (the batch) or of the whole series (PATCH with scope). */
  async function send(change: CalendarChange, scope: 'occurrence' | 'series') {
    if (scope === 'series') {
      const { id, ...body } = change;
      await changeJob.mutateAsync({ id, body, scope });
    } else {
      await batch.mutateAsync([change]);
    }
  }

  /**
   * Saves a drag, resize or reassignment: for an occurrence, this event or the whole series; after asking about any
   * clash the server finds. Then Undo for 10 s, itself a change (History and the audit log show both). False (the
   * caller puts the job back) when not saved.
   */
  async function saveCalendarChange(job: Job, change: CalendarChange): Promise<boolean> {
    let scope: 'occurrence' | 'series' = 'occurrence';
    if (isRecurring(job)) {
      const answer = await askScope({ action: 'change', jobName: job.name });
      if (!answer) return false;
      scope = answer;
    }
    const report = await clashesOf(change, scope);
    if (report?.clashes.length && !(await confirmClashes(job.name, report, zone))) return false;
    try {
      await send(change, scope);
    } catch (error) {
      notifyError(errorMessage(error));
      return false;
    }
    const before = changedBack(job, change);
    notifyWithUndo('Job changes were updated', async () => {
      try {
        await send(before, scope);
        notifySuccess('The change was undone');
      } catch (error) {
        notifyError(errorMessage(error));
      }
    });
    return true;
  }

  function onJobMove({ job, start, end, revert }: CalendarMove) {
    void saveCalendarChange(job, {
      id: job.id,
      startDateTime: isoFromOffset(start),
      endDateTime: isoFromOffset(end),
    }).then((saved) => {
      if (!saved) revert();
    });
  }

  function onSlotClick(start: string, end: string | null, allDay: boolean) {
    if (allDay) {
      // Month view: a day, not a time. The new job starts at 9:00 that day.
      const date = start.slice(0, 10);
      setEditing({
        job: null,
        slot: { start: `${date} 09:00:00`, end: `${date} 09:${String(NEW_JOB_MINUTES).padStart(2, '0')}:00` },
      });
      return;
    }
    const startIso = isoFromOffset(start);
    const endIso = end ? isoFromOffset(end) : addMinutes(startIso, NEW_JOB_MINUTES);
    setEditing({ job: null, slot: { start: wallFromIso(startIso, zone), end: wallFromIso(endIso, zone) } });
  }

  return (
    <>
      {asOf && <AsOfBanner asOf={asOf} onBackToNow={backToNow} />}
      <PageHeader
        title="Job Schedule"
        description={
          readOnly
            ? 'Every job of your organization as it stood then. Open a job to see it; nothing can be changed.'
            : canDrag
              ? 'Every job of your organization. Drag a job to move it, or its lower edge to change its length.'
              : 'Every job of your organization. Tap a job to change it.'
        }
        actions={
          !readOnly && (
            <Group gap="sm">
              <Button variant="default" leftSection={<IconLink size={16} />} onClick={() => setBookingLinks(true)}>
                Booking links
              </Button>
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setEditing({ job: null, slot: newJobSlot(zone) })}
              >
                New Job
              </Button>
            </Group>
          )
        }
      />
      {draft && !editing && !readOnly && (
        <Alert
          color="blue"
          variant="light"
          mb="md"
          icon={<IconPencil size={18} />}
          title="A job you started is not created yet"
          role="status"
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {draft.name.trim() ? `“${draft.name.trim()}” was kept as you left it.` : 'It was kept as you left it.'}
            </Text>
            <Group gap="xs">
              <Button size="xs" onClick={() => setEditing({ job: null, slot: newJobSlot(zone), draft })}>
                Continue editing
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  clearJobDraft(userId);
                  setDraft(null);
                }}
              >
                Discard
              </Button>
            </Group>
          </Group>
        </Alert>
      )}
      {/* On a phone the requests come first: below a whole day's grid nobody would scroll to them. */}
      {pickUpEnabled && mobile && <JobRequestsTable zone={zone} placement="top" />}
      <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
        {mobile && (
          <Box px="md" pt="sm" pb={optionsShown ? 0 : 'sm'}>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              rightSection={
                <IconChevronDown
                  size={14}
                  style={{ transform: optionsShown ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
                />
              }
              aria-expanded={optionsShown}
              aria-controls="schedule-options"
              onClick={() => setOptionsShown((shown) => !shown)}
            >
              {optionsInUse ? `Filters and legend (${optionsInUse} in use)` : 'Filters and legend'}
            </Button>
          </Box>
        )}
        <Collapse expanded={!mobile || optionsShown} id="schedule-options">
          <Stack gap="sm" p="md">
            <ScheduleControls
              store={store}
              employees={employees ?? []}
              customers={customers.data ?? []}
              timeAxis={isTimeGrid(view)}
            />
            <CalendarLegend items={legend} label="Colour legend" />
          </Stack>
        </Collapse>
        {!wide && !readOnly && (
          <Alert color="gray" variant="light" radius={0} icon={<IconHandStop size={16} />} py={6}>
            Dragging jobs is available on wider screens.
          </Alert>
        )}
        {jobs.isError && (
          <Box p="md" pt={0}>
            <QueryError error={jobs.error} onRetry={() => void jobs.refetch()} />
          </Box>
        )}
        <Divider color="var(--app-border)" />
        <CalendarToolbar
          title={title}
          views={SCHEDULE_VIEWS}
          view={view}
          compact={mobile}
          {...navigation}
          extra={<AsOfPicker zone={zone} w={mobile ? '100%' : 220} />}
        />
        <div
          style={{ position: 'relative', opacity: jobs.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
          aria-busy={jobs.isFetching}
        >
          {/* Issue #26: on a slow network the first jobs take a while; an empty board would read as "no jobs". */}
          <LoadingOverlay
            visible={jobs.isPending && !jobs.isError}
            zIndex={5}
            overlayProps={{ backgroundOpacity: 0.6, blur: 1 }}
            // Near the top, not the middle of a calendar taller than a phone's screen.
            styles={{ root: { alignItems: 'flex-start', paddingTop: 24 } }}
            loaderProps={{ 'aria-label': 'Loading jobs', role: 'status' }}
          />
          {view === 'timelineDay' ? (
            <TimelineDay
              day={day}
              zone={zone}
              jobs={shownJobs}
              employees={employees ?? []}
              onlyEmployeeIds={onlyEmployeeIds}
              workday={workday}
              editable={canDrag}
              onJobClick={(job) => setEditing({ job, slot: newJobSlot(zone) })}
              onChange={async (job, change) => void (await saveCalendarChange(job, change))}
            />
          ) : (
            <JobCalendar
              calendarRef={calendarRef}
              workday={workday}
              view={view}
              day={day}
              timeZone={zone}
              height={CALENDAR_HEIGHT}
              events={events}
              slotMinutes={blockMinutes}
              editable={canDrag}
              onRangeChange={(r, t) => store.getState().showRange(r, t)}
              onJobClick={(job) => setEditing({ job, slot: newJobSlot(zone) })}
              onSlotClick={readOnly ? undefined : onSlotClick}
              onJobMove={onJobMove}
            />
          )}
        </div>
      </Paper>
      {pickUpEnabled && !mobile && <JobRequestsTable zone={zone} />}
      {bookingLinks && (
        <Suspense fallback={null}>
          <BookingLinksDrawer employees={employees ?? []} onClose={() => setBookingLinks(false)} />
        </Suspense>
      )}
      {editing && (
        <JobModal
          job={editing.job}
          slot={editing.slot}
          draft={editing.draft}
          readOnly={readOnly}
          onClose={closeModal}
        />
      )}
    </>
  );
}
