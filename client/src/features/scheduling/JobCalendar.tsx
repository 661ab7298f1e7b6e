import type {
  CalendarOptions,
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventHoveringArg,
  EventInput,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg, type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxon3Plugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { dayRangeOf, type DayRange } from './calendarRange';
import { DEFAULT_WORKDAY, openingTime, type Workday } from './calendarPreferences';
import { CALENDAR_VIEWS, calendarHeight, slotDuration, type CalendarView } from './calendarViews';
import { timeMarks } from './calendarEvents';
import { JobHoverCard, useJobHoverCard } from './JobHoverCard';
import { jobWhere } from './jobSummary';
import { IconCar, IconClockCheck } from '@tabler/icons-react';
import type { Job } from './jobs';
import { SNAP_MINUTES } from './jobs';
import { hourIn, todayIn } from './zonedTime';
import './calendar.css';

const PLUGINS = [luxon3Plugin, dayGridPlugin, timeGridPlugin, interactionPlugin, listPlugin];

/** Our named views: 3-Day (spec §9: interval 3) and WorkWeek (weekends hidden). */
const VIEWS: CalendarOptions['views'] = {
  timeGridThreeDay: { type: 'timeGrid', duration: { days: 3 }, dateAlignment: 'day' },
  timeGridWorkWeek: { type: 'timeGrid', duration: { weeks: 1 }, weekends: false },
  dayGridMonth: { dayMaxEvents: 4 },
  listWeek: {
    noEventsText: 'No results found',
    listDaySideFormat: { month: 'short', day: 'numeric', year: 'numeric' },
  },
};

export interface CalendarMove {
  job: Job;
  /** FullCalendar's offset strings in the organization's zone. */
  start: string;
  end: string;
  revert: () => void;
}

interface JobCalendarProps {
  calendarRef: RefObject<FullCalendar | null>;
  view: Exclude<CalendarView, 'timelineDay'>;
  /** YYYY-MM-DD the calendar opens on. */
  day: string;
  timeZone: string;
  /**
   * The most it may be (px): it fills the window below it ([calendarHeight]); 'auto': as tall as its hours, with
   * no scroll of its own (a phone's Home: the page's scroll is the only one).
   */
  height: number | 'auto';
  events: EventInput[];
  /** The organization's working day: a day other than today opens at its start, today near now within it. */
  workday?: Workday;
  /** Block Duration in minutes (slot length); dragging always snaps to 15 minutes. */
  slotMinutes?: number;
  /** Drag and resize are on (each event may still refuse, e.g. availability-only entries). */
  editable?: boolean;
  onRangeChange: (range: DayRange, title: string) => void;
  onJobClick: (job: Job) => void;
  /** A click on an empty slot (offset string, or a date in Month); a drag across slots gives its end too. */
  onSlotClick?: (start: string, end: string | null, allDay: boolean) => void;
  onJobMove?: (move: CalendarMove) => void;
}

/** FullCalendar set up for jobs, shown in the organization's time zone (luxon3 plugin). */
export function JobCalendar(props: JobCalendarProps) {
  const { calendarRef, view, day, timeZone, events, slotMinutes = 60, editable = false } = props;
  const workday = props.workday ?? DEFAULT_WORKDAY;
  const fullCalendarView = CALENDAR_VIEWS[view].fullCalendar;
  const container = useRef<HTMLDivElement>(null);
  const height = useFittedHeight(container, props.height);

  useEffect(() => {
    const calendar = calendarRef.current?.getApi();
    if (calendar && calendar.view.type !== fullCalendarView) calendar.changeView(fullCalendarView, day);
  }, [calendarRef, fullCalendarView, day]);

  // The time at the top of the time grid (minutes after midnight), followed as the person scrolls, so a
  // change of block duration keeps it there (FullCalendar would go back to its scrollTime).
  const topMinutes = useRef<number | null>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const follow = (event: Event) => {
      // The time grid's own scroller: the one nearest its slots (FullCalendar nests others around it).
      const scroller = event.target as HTMLElement;
      const slots = scroller.querySelector?.<HTMLElement>('.fc-timegrid-slots');
      if (slots?.offsetHeight && slots.closest('.fc-scroller') === scroller)
        topMinutes.current = (scroller.scrollTop / slots.offsetHeight) * 24 * 60;
    };
    // Scroll events do not bubble: listen while they travel down.
    root.addEventListener('scroll', follow, true);
    return () => root.removeEventListener('scroll', follow, true);
  }, []);
  useEffect(() => {
    const minutes = topMinutes.current;
    const root = container.current;
    if (minutes === null || !root) return;
    // FullCalendar draws the new blocks in a later frame: wait for them, then put the time back on top.
    let frame = 0;
    const restore = (frames: number) => {
      const slots = root.querySelector<HTMLElement>('.fc-timegrid-slots');
      const scroller = slots?.closest<HTMLElement>('.fc-scroller');
      if (slots && scroller && slots.querySelectorAll('tr').length === (24 * 60) / slotMinutes) {
        scroller.scrollTop = (minutes / (24 * 60)) * slots.offsetHeight;
      } else if (frames > 0) frame = requestAnimationFrame(() => restore(frames - 1));
    };
    frame = requestAnimationFrame(() => restore(60));
    return () => cancelAnimationFrame(frame);
  }, [slotMinutes]);

  const hover = useJobHoverCard();

  /** A new range or view opens at the working day, or an hour before now when today is shown. */
  const shownRange = useRef<DayRange | null>(null);
  // FullCalendar's own scroll (its first, and a view's) goes where ours does.
  const [opening, setOpening] = useState(() => openingTime(day === todayIn(timeZone), hourIn(timeZone), workday));
  function openAtWorkingHours(calendar: { scrollToTime: (time: string) => void }, range: DayRange) {
    const today = todayIn(timeZone);
    const time = openingTime(today >= range.first && today <= range.last, hourIn(timeZone), workday);
    setOpening(time);
    requestAnimationFrame(() => calendar.scrollToTime(time));
  }
  // Until the person scrolls the grid: what changes its room opens it again, as the working day does (it usually
  // arrives after the first range is drawn), and the height (what loads above it moves it down).
  const touched = useRef(false);
  const openedAt = useRef({ workday, height });
  useEffect(() => {
    const calendar = calendarRef.current?.getApi();
    const opened = openedAt.current;
    openedAt.current = { workday, height };
    if (!calendar || !shownRange.current) return;
    if (workday !== opened.workday || (height !== opened.height && !touched.current))
      openAtWorkingHours(calendar, shownRange.current);
  }, [workday, height]);

  return (
    <div
      className="app-calendar"
      ref={container}
      onWheel={() => (touched.current = true)}
      onTouchStart={() => (touched.current = true)}
      onPointerDown={() => (touched.current = true)}
      onKeyDown={() => (touched.current = true)}
    >
      <FullCalendar
        ref={calendarRef}
        plugins={PLUGINS}
        views={VIEWS}
        initialView={fullCalendarView}
        initialDate={day}
        timeZone={timeZone}
        headerToolbar={false}
        height={height}
        events={events}
        nowIndicator
        allDaySlot={false}
        scrollTime={opening}
        scrollTimeReset={false}
        slotDuration={slotDuration(slotMinutes)}
        slotLabelInterval="01:00"
        snapDuration={slotDuration(SNAP_MINUTES)}
        slotLabelFormat={{ hour: 'numeric', minute: '2-digit', meridiem: 'short' }}
        eventTimeFormat={{ hour: 'numeric', minute: '2-digit', meridiem: 'short' }}
        expandRows
        editable={editable}
        eventStartEditable={editable}
        eventDurationEditable={editable}
        selectable={!!props.onSlotClick}
        selectMinDistance={8}
        selectMirror
        unselectAuto
        longPressDelay={400}
        eventContent={renderEvent}
        // A 30-minute job at 60-minute blocks is half a slot: tall enough for its name still.
        eventMinHeight={22}
        datesSet={(arg: DatesSetArg) => {
          const range = dayRangeOf(arg.startStr, arg.endStr);
          shownRange.current = range;
          openedAt.current = { workday, height };
          touched.current = false;
          openAtWorkingHours(arg.view.calendar, range);
          props.onRangeChange(range, arg.view.title);
        }}
        eventMouseEnter={(arg: EventHoveringArg) => {
          const job = arg.event.extendedProps.job as Job | undefined;
          if (job) hover.show(job, arg.el);
        }}
        eventMouseLeave={hover.hide}
        eventDragStart={hover.hide}
        eventResizeStart={hover.hide}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          hover.hide();
          const job = arg.event.extendedProps.job as Job | undefined;
          if (job) props.onJobClick(job);
        }}
        dateClick={
          props.onSlotClick ? (arg: DateClickArg) => props.onSlotClick?.(arg.dateStr, null, arg.allDay) : undefined
        }
        select={
          props.onSlotClick
            ? (arg) => {
                arg.view.calendar.unselect();
                props.onSlotClick?.(arg.startStr, arg.endStr, arg.allDay);
              }
            : undefined
        }
        eventDrop={(arg: EventDropArg) => move(arg, props.onJobMove)}
        eventResize={(arg: EventResizeDoneArg) => move(arg, props.onJobMove)}
      />
      <JobHoverCard anchor={hover.anchor} zone={timeZone} />
    </div>
  );
}

/**
 * The calendar's height: `max` fitted to the window from where the calendar starts, measured again as what is above
 * it or the window changes size.
 */
function useFittedHeight(container: RefObject<HTMLDivElement | null>, max: number | 'auto'): number | 'auto' {
  const [room, setRoom] = useState<{ top: number | null; window: number }>(() => ({
    top: null,
    window: typeof window === 'undefined' ? 0 : window.innerHeight,
  }));
  useLayoutEffect(() => {
    const root = container.current;
    if (!root || max === 'auto') return;
    const measure = () => {
      const top = Math.round(root.getBoundingClientRect().top + window.scrollY);
      setRoom((was) =>
        was.top === top && was.window === window.innerHeight ? was : { top, window: window.innerHeight },
      );
    };
    measure();
    // The page's size changes as what is above the calendar loads (its own height does not move its top).
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [container, max]);
  return max === 'auto' ? 'auto' : calendarHeight(max, room.window, room.top);
}

function move(arg: EventDropArg | EventResizeDoneArg, onJobMove: JobCalendarProps['onJobMove']) {
  const job = arg.event.extendedProps.job as Job | undefined;
  if (!job || !onJobMove || !arg.event.end) {
    arg.revert();
    return;
  }
  onJobMove({ job, start: arg.event.startStr, end: arg.event.endStr, revert: arg.revert });
}

/** Small 'Open' and 'Booked online' marks after the name: open jobs are told apart by more than their colour. */
const Marks = ({ job }: { job: Job }) => (
  <>
    {job.isOpen && <span className="app-event-open">Open</span>}
    {job.selfBooked && <span className="app-event-open app-event-booked">Booked online</span>}
  </>
);

/**
 * Name first, then its marks (a short job shows its name, its marks give way), then time and customer
 * (or Internal); in time grids the name wraps to the block's height. The hover card tells the rest.
 */
function renderEvent(arg: EventContentArg) {
  const job = arg.event.extendedProps.job as Job | undefined;
  if (!job) return undefined;
  const where = jobWhere(job);
  const type = arg.view.type;
  if (type.startsWith('list')) {
    return (
      <span className="app-event-list">
        <b>{job.name}</b>
        <Marks job={job} />
        <span className="app-event-where"> · {where}</span>
      </span>
    );
  }
  if (type === 'dayGridMonth') {
    return (
      <div className="app-event-month" style={{ background: job.color, color: arg.textColor }}>
        {job.name} <Marks job={job} />
        <span className="app-event-time">{arg.timeText}</span>
      </div>
    );
  }
  const marks = timeMarks(job);
  return (
    <div className="app-event">
      <div className="app-event-title">
        <span className="app-event-name">{job.name}</span>
        <Marks job={job} />
      </div>
      <div className="app-event-time">
        {arg.timeText}
        {marks.time && <IconClockCheck size={12} className="app-event-mark" aria-label="Time submitted" />}
        {marks.mileage && <IconCar size={12} className="app-event-mark" aria-label="Mileage submitted" />}
      </div>
      <div className="app-event-where">{where}</div>
    </div>
  );
}
