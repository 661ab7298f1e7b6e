import type { EventInput } from '@fullcalendar/core';
import { readableTextOn } from '../../shared/initials';
import type { Availability, WeekDay } from '../availability/availability';
import type { Job } from './jobs';

export interface EventOptions {
  /** The screen lets jobs be dragged and resized (Job Schedule, 768 px or wider). */
  editable: boolean;
}

/** Dark text on light job colours, white on dark ones. */
export const eventTextColor = (color: string) => readableTextOn(color);

/**
 * A job as a FullCalendar event: its name, its spec §4 colour (computed by the server), and whether
 * it may be dragged or resized (spec §5: never an availability-only entry). The job rides along.
 */
export function jobToEvent(job: Job, { editable }: EventOptions): EventInput {
  const movable = editable && !job.availabilityOnly;
  return {
    id: job.id,
    title: job.name,
    start: job.startDateTime,
    end: job.endDateTime,
    allDay: false,
    backgroundColor: job.color,
    borderColor: job.color,
    textColor: eventTextColor(job.color),
    editable: movable,
    startEditable: movable,
    durationEditable: movable,
    classNames: [job.isOpen ? 'job-open' : 'job-assigned', ...(job.hideFromScheduleView ? ['job-hidden'] : [])],
    extendedProps: { job },
  };
}

/** The legend's marks (spec §2 Home): time submitted (a finished timer on it), mileage submitted (one with mileage). */
export function timeMarks(job: Pick<Job, 'trackedTimes'>): { time: boolean; mileage: boolean } {
  return {
    time: job.trackedTimes.some((t) => t.endDateTime !== null),
    mileage: job.trackedTimes.some((t) => t.endDateTime !== null && t.mileageEnd !== null),
  };
}

/** FullCalendar's day numbers: 0 Sunday … 6 Saturday. */
const DAY_NUMBER: Record<WeekDay, number> = {
  Sunday: 0,
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
};

export const AVAILABILITY_GROUP = 'availability';

/**
 * An employee's weekly availability as shaded background events, repeating every week on the
 * organization's wall clock (the calendar's zone): 'HH:mm' start and end, '24:00' the end of the day.
 */
export function availabilityEvents(entries: Availability[]): EventInput[] {
  return entries.map((entry) => ({
    id: `availability-${entry.id}`,
    groupId: AVAILABILITY_GROUP,
    daysOfWeek: [DAY_NUMBER[entry.weekDay]],
    startTime: entry.startTime,
    endTime: entry.endTime,
    display: 'background',
    classNames: ['availability-shade'],
  }));
}
