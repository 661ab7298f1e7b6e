import { Text } from '@mantine/core';
import { DateTime } from 'luxon';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { MOBILE_QUERY } from '../../app/theme';
import { eventTextColor } from './calendarEvents';
import type { Job, JobPerson } from './jobs';
import { SNAP_MINUTES } from './jobs';
import type { CalendarChange } from './schedulingApi';
import {
  DAY_MINUTES,
  hourLabels,
  labelRooms,
  lanes,
  movedBy,
  placement,
  reassigned,
  snappedMinutes,
  timelineRows,
  UNASSIGNED,
  type TimelineRow,
} from './timeline';
import { hourIn, shortTimeRange, timeLabel, todayIn } from './zonedTime';
import { openingHour, type Workday } from './calendarPreferences';
import classes from './TimelineDay.module.css';
import { JobHoverCard, useJobHoverCard } from './JobHoverCard';
import { jobWhere } from './jobSummary';

/** An hour's width: on a phone narrow enough to show a working morning (about six hours), not three. */
const HOUR_WIDTH = 96;
const PHONE_HOUR_WIDTH = 44;
const LANE_HEIGHT = 46;
const ROW_PADDING = 5;
const HOURS = hourLabels();
/** Narrower than this, a bar cannot hold its name and time: its name goes after it, or wraps inside. */
const SHORT_BAR_PX = 96;
/** The least room after a short bar worth writing its name in, and the most it takes. */
const MIN_OUTSIDE_LABEL_PX = 56;
const MAX_OUTSIDE_LABEL_PX = 220;

/** The horizontal scale: an hour's width, the day's track and pixels per minute. */
interface Scale {
  hourWidth: number;
  trackWidth: number;
  pxPerMinute: number;
}
const scaleOf = (hourWidth: number): Scale => ({
  hourWidth,
  trackWidth: hourWidth * 24,
  pxPerMinute: (hourWidth * 24) / DAY_MINUTES,
});
/** Below this many pixels of movement a press is a click. */
const CLICK_SLOP = 4;

interface Drag {
  job: Job;
  fromRow: string;
  toRow: string;
  minutes: number;
  startX: number;
  startY: number;
  moved: boolean;
}

interface TimelineDayProps {
  /** YYYY-MM-DD in the organization's zone. */
  day: string;
  zone: string;
  jobs: Job[];
  employees: JobPerson[];
  /** The employee filter: only these rows (none: every row). */
  onlyEmployeeIds: ReadonlySet<string>;
  /** The organization's working day: today opens near now within it, another day at its start (or its first job, if earlier). */
  workday: Workday;
  /** Drag to another row (reassign) or sideways (15-minute steps). Off below 768 px. */
  editable: boolean;
  onJobClick: (job: Job) => void;
  /** Saves a drop; resolves when saved or refused (the bar then goes back). */
  onChange: (job: Job, change: CalendarChange) => Promise<void>;
}

/**
 * TimelineDay, our own view: one row per active employee plus Unassigned, the day's hours across,
 * jobs as bars placed by their times in the organization's zone.
 */
export function TimelineDay({
  day,
  zone,
  jobs,
  employees,
  onlyEmployeeIds,
  workday,
  editable,
  onJobClick,
  onChange,
}: TimelineDayProps) {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const labelWidth = mobile ? 108 : 190;
  const scale = useMemo(() => scaleOf(mobile ? PHONE_HOUR_WIDTH : HOUR_WIDTH), [mobile]);
  const { hourWidth, trackWidth, pxPerMinute } = scale;
  const scroller = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [pending, setPending] = useState<Record<string, CalendarChange>>({});
  const hover = useJobHoverCard();

  // A dropped bar stays where it was dropped until the calendar has refetched (or goes back on failure).
  const shown = useMemo(
    () => jobs.map((job) => (pending[job.id] ? { ...job, ...pending[job.id] } : job)),
    [jobs, pending],
  );
  const onDay = useMemo(
    () => shown.filter((job) => placement(job.startDateTime, job.endDateTime, day, zone)),
    [shown, day, zone],
  );
  const rows = useMemo(() => timelineRows(employees, onDay, onlyEmployeeIds), [employees, onDay, onlyEmployeeIds]);

  // Today opens an hour before now (within the working day); another day at its start, or its first job if earlier.
  useEffect(() => {
    const first =
      day === todayIn(zone)
        ? openingHour(true, hourIn(zone), workday) * 60 + 30
        : Math.min(
            workday.start * 60,
            ...onDay.map(
              (j) => ((placement(j.startDateTime, j.endDateTime, day, zone)?.left ?? 100) * DAY_MINUTES) / 100,
            ),
          );
    if (scroller.current) scroller.current.scrollLeft = Math.max(0, first - 30) * pxPerMinute;
    // Only when the day, the scale or the working day changes, or its jobs first arrive; not on every refetch.
  }, [day, onDay.length > 0, pxPerMinute, workday]);

  const isToday = day === todayIn(zone);
  const [nowMinutes, setNowMinutes] = useState(() => minutesNow(zone));
  useEffect(() => {
    if (!isToday) return;
    const timer = setInterval(() => setNowMinutes(minutesNow(zone)), 60_000);
    return () => clearInterval(timer);
  }, [isToday, zone]);

  function rowAt(x: number, y: number): string | null {
    const element = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-row-id]');
    return element?.dataset.rowId ?? null;
  }

  function pointerDown(event: ReactPointerEvent<HTMLButtonElement>, job: Job, rowId: string) {
    if (event.button !== 0) return;
    hover.hide();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({
      job,
      fromRow: rowId,
      toRow: rowId,
      minutes: 0,
      startX: event.clientX,
      startY: event.clientY,
      moved: false,
    });
  }

  function pointerMove(event: ReactPointerEvent<HTMLButtonElement>) {
    if (!drag || !editable || drag.job.availabilityOnly) return;
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    const moved = drag.moved || Math.hypot(dx, dy) > CLICK_SLOP;
    if (!moved) return;
    const toRow = rowAt(event.clientX, event.clientY) ?? drag.toRow;
    const minutes = snappedMinutes(dx, pxPerMinute, SNAP_MINUTES);
    if (moved !== drag.moved || toRow !== drag.toRow || minutes !== drag.minutes)
      setDrag({ ...drag, moved, toRow, minutes });
  }

  function pointerUp() {
    if (!drag) return;
    const current = drag;
    setDrag(null);
    if (!current.moved) {
      onJobClick(current.job);
      return;
    }
    const change: CalendarChange = { id: current.job.id };
    if (current.minutes !== 0) Object.assign(change, movedBy(current.job, current.minutes));
    if (current.toRow !== current.fromRow) {
      const people = reassigned(current.job, current.fromRow, current.toRow);
      if (people.userIds.join() !== current.job.userIds.join()) change.userIds = people.userIds;
      if (people.leadUserId !== current.job.leadUserId) change.leadUserId = people.leadUserId;
    }
    if (Object.keys(change).length === 1) return;
    setPending((p) => ({ ...p, [current.job.id]: change }));
    void onChange(current.job, change).finally(() =>
      setPending((p) => {
        const { [current.job.id]: _done, ...rest } = p;
        return rest;
      }),
    );
  }

  const dragPreview = drag?.moved ? { ...drag.job, ...movedBy(drag.job, drag.minutes) } : null;

  return (
    <div
      className={`${classes.scroller} ${mobile ? classes.compact : ''}`}
      ref={scroller}
      style={{ ['--hour-width' as string]: `${hourWidth}px` }}
    >
      <div className={classes.grid} style={{ width: labelWidth + trackWidth }}>
        <div className={classes.header}>
          <div className={classes.corner} style={{ width: labelWidth }}>
            Employee
          </div>
          <div className={classes.hours}>
            {HOURS.map((label) => (
              <div key={label} className={classes.hour} style={{ width: hourWidth }}>
                {label}
              </div>
            ))}
          </div>
        </div>
        {rows.map((row) => (
          <TimelineRowView
            key={row.id}
            row={row}
            day={day}
            zone={zone}
            labelWidth={labelWidth}
            scale={scale}
            editable={editable}
            drag={drag}
            dragPreview={dragPreview && drag?.toRow === row.id ? dragPreview : null}
            nowMinutes={isToday ? nowMinutes : null}
            onPointerDown={pointerDown}
            onPointerMove={pointerMove}
            onPointerUp={pointerUp}
            onCancel={() => setDrag(null)}
            onKeyOpen={onJobClick}
            onHover={drag ? undefined : hover.show}
            onHoverEnd={hover.hide}
          />
        ))}
        {rows.length === 0 && (
          <Text c="dimmed" size="sm" p="md">
            No results found
          </Text>
        )}
      </div>
      <JobHoverCard anchor={hover.anchor} zone={zone} />
    </div>
  );
}

/** Minutes since midnight on the organization's clock. */
const minutesNow = (zone: string) => {
  const now = DateTime.now().setZone(zone);
  return now.hour * 60 + now.minute;
};

interface RowViewProps {
  row: TimelineRow;
  day: string;
  zone: string;
  labelWidth: number;
  scale: Scale;
  editable: boolean;
  drag: Drag | null;
  dragPreview: Job | null;
  nowMinutes: number | null;
  onPointerDown: (event: ReactPointerEvent<HTMLButtonElement>, job: Job, rowId: string) => void;
  onPointerMove: (event: ReactPointerEvent<HTMLButtonElement>) => void;
  onPointerUp: () => void;
  onCancel: () => void;
  onKeyOpen: (job: Job) => void;
  /** The pointer rests on a bar (a mouse, not while dragging): its hover card. */
  onHover?: (job: Job, element: Element) => void;
  onHoverEnd: () => void;
}

function TimelineRowView({
  row,
  day,
  zone,
  labelWidth,
  scale: { trackWidth, pxPerMinute },
  editable,
  drag,
  dragPreview,
  nowMinutes,
  ...handlers
}: RowViewProps) {
  const items = row.jobs.map((j) => ({ id: j.id, start: j.startDateTime, end: j.endDateTime }));
  if (dragPreview)
    items.push({ id: `${dragPreview.id}-preview`, start: dragPreview.startDateTime, end: dragPreview.endDateTime });
  const { laneOf, count } = lanes(items);
  const height = count * LANE_HEIGHT + ROW_PADDING * 2;
  const isTarget = drag?.moved && drag.toRow === row.id && drag.toRow !== drag.fromRow;
  // Percent of the day each bar may write its name in when it is too short to hold it.
  const rooms = labelRooms(
    row.jobs.map((job) => ({
      id: job.id,
      lane: laneOf.get(job.id) ?? 0,
      left: placement(job.startDateTime, job.endDateTime, day, zone)?.left ?? 0,
    })),
  );

  const bar = (job: Job, lane: number, kind: 'normal' | 'ghost' | 'preview') => {
    const place = placement(job.startDateTime, job.endDateTime, day, zone);
    if (!place) return null;
    const movable = editable && !job.availabilityOnly;
    const where = jobWhere(job);
    const time = `${timeLabel(job.startDateTime, zone)} – ${timeLabel(job.endDateTime, zone)}`;
    const width = Math.max((place.width / 100) * trackWidth - 2, 6);
    // A short bar (a 30-minute job is 38 px) writes its name after itself when the lane has room there,
    // else inside on up to two lines; a long one holds its name, its marks, then its time and customer.
    const short = width < SHORT_BAR_PX;
    const room = ((rooms.get(job.id) ?? 0) / 100) * trackWidth - width - 8;
    const outside = short && kind === 'normal' && room >= MIN_OUTSIDE_LABEL_PX;
    const className = [
      classes.bar,
      movable && classes.draggable,
      job.isOpen && classes.open,
      short && classes.short,
      outside && classes.labelledOutside,
      kind === 'ghost' && classes.ghost,
      kind === 'preview' && classes.dragging,
    ]
      .filter(Boolean)
      .join(' ');
    const marks = job.selfBooked && (
      <span className={`app-event-open app-event-booked ${classes.mark}`}>Booked online</span>
    );
    return (
      <button
        key={kind === 'preview' ? `${job.id}-preview` : job.id} // the same element while dragging: it holds the pointer capture
        type="button"
        className={className}
        aria-label={`${job.name}, ${time}, ${where}${job.selfBooked ? ', booked online' : ''}${row.id === UNASSIGNED ? ', unassigned' : `, ${row.label}`}`}
        style={{
          left: (place.left / 100) * trackWidth,
          width,
          top: ROW_PADDING + lane * LANE_HEIGHT,
          height: LANE_HEIGHT - 5,
          background: job.color,
          color: eventTextColor(job.color),
          pointerEvents: kind === 'preview' ? 'none' : undefined,
        }}
        onPointerDown={kind === 'normal' ? (e) => handlers.onPointerDown(e, job, row.id) : undefined}
        onPointerMove={kind === 'ghost' || kind === 'normal' ? handlers.onPointerMove : undefined}
        onPointerUp={kind === 'ghost' || kind === 'normal' ? handlers.onPointerUp : undefined}
        onPointerCancel={handlers.onCancel}
        onPointerEnter={(e) =>
          kind === 'normal' && e.pointerType === 'mouse' && handlers.onHover?.(job, e.currentTarget)
        }
        onPointerLeave={handlers.onHoverEnd}
        onClick={(e) => e.detail === 0 && handlers.onKeyOpen(job)}
      >
        {outside ? (
          <span className={classes.outsideLabel} style={{ maxWidth: Math.min(room, MAX_OUTSIDE_LABEL_PX) }}>
            <span className={classes.barTitle}>
              <span className={classes.barName}>{job.name}</span>
              {marks}
            </span>
            <span className={classes.barTime}>{shortTimeRange(job.startDateTime, job.endDateTime, zone)}</span>
          </span>
        ) : (
          <>
            <span className={classes.barTitle}>
              <span className={classes.barName}>{job.name}</span>
              {marks}
            </span>
            {!short && (
              <span className={classes.barTime}>
                {time} · {where}
              </span>
            )}
          </>
        )}
      </button>
    );
  };

  return (
    <div className={`${classes.row} ${isTarget ? classes.rowTarget : ''}`} data-row-id={row.id}>
      <div className={classes.label} style={{ width: labelWidth, minHeight: height }}>
        <span
          className={classes.dot}
          style={{
            background: row.id === UNASSIGNED ? 'transparent' : (row.colorCode ?? 'var(--mantine-color-gray-4)'),
            border: row.id === UNASSIGNED ? '2px dashed var(--mantine-color-gray-5)' : undefined,
          }}
        />
        <span className={classes.labelText} title={row.label}>
          {row.label}
        </span>
      </div>
      <div className={classes.track} style={{ width: trackWidth, height }}>
        {nowMinutes !== null && <div className={classes.now} style={{ left: nowMinutes * pxPerMinute }} />}
        {row.jobs.map((job) =>
          bar(
            job,
            laneOf.get(job.id) ?? 0,
            drag?.moved && drag.job.id === job.id && drag.fromRow === row.id ? 'ghost' : 'normal',
          ),
        )}
        {dragPreview && bar(dragPreview, laneOf.get(`${dragPreview.id}-preview`) ?? 0, 'preview')}
      </div>
    </div>
  );
}
