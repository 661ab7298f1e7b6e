import { Decider } from '../core/decider';
import { NotFoundError, ValidationError } from '../core/errors';
import { AvailabilityEntry, AvailabilityEvent, TimeOff, WEEK_DAYS, WeekDay } from './availability.events';
import { checkedTimeOff } from './time-off';
import { byDayAndTime, END_OF_DAY, minutesOf, TIME_STEP_MINUTES, timeOf, weekDayOf } from './availability-times';

/** An entry as asked for: the handler has given every entry an id; times and day are checked here. */
export interface AvailabilityEntryInput {
  id: string;
  weekDay: string;
  startTime: string;
  endTime: string;
}

type ForUser = {
  userId: string;
  /** The organization asking. */
  organizationId: string;
  /** The user's organization as the users read model knows it; null when there is no such user. */
  userOrganizationId: string | null;
};

export type AvailabilityCommand =
  | ({ type: 'SetAvailability'; entries: AvailabilityEntryInput[] } & ForUser)
  /** Replaces the user's time off; each stretch has its id (the handler gives new ones one). */
  | ({
      type: 'SetTimeOff';
      timeOff: { id: string; from: unknown; to: unknown; note?: unknown; startTime?: unknown; endTime?: unknown }[];
    } & ForUser);

export interface AvailabilityState {
  organizationId: string | null;
  entries: AvailabilityEntry[];
  /** Whether a week was ever saved (time off alone saves none: an unsaved week counts as available). */
  weekSaved?: boolean;
  timeOff?: TimeOff[];
}

const DAY_NAMES = `${WEEK_DAYS.slice(0, -1).join(', ')} or ${WEEK_DAYS[WEEK_DAYS.length - 1]}`;

/** The entry with its day and times in canonical form, or the first problem with it. */
function checked(entry: AvailabilityEntryInput): AvailabilityEntry & { start: number; end: number } {
  const weekDay = weekDayOf(entry.weekDay);
  if (!weekDay) throw new ValidationError(`Week day must be ${DAY_NAMES}`);
  const start = minutesOf(entry.startTime);
  if (start === null || start >= END_OF_DAY)
    throw new ValidationError(`The start time on ${weekDay} must be a time such as 08:00`);
  const end = minutesOf(entry.endTime);
  if (end === null) throw new ValidationError(`The end time on ${weekDay} must be a time such as 17:00`);
  if (start % TIME_STEP_MINUTES || end % TIME_STEP_MINUTES)
    throw new ValidationError(`Times on ${weekDay} must be on a 15-minute step (:00, :15, :30 or :45)`);
  if (end <= start) throw new ValidationError(`The end time must be after the start time on ${weekDay}`);
  return { id: entry.id, weekDay, startTime: timeOf(start), endTime: timeOf(end), start, end };
}

const same = (a: AvailabilityEntry, b: AvailabilityEntry) =>
  a.weekDay === b.weekDay && a.startTime === b.startTime && a.endTime === b.endTime;

/**
 * An employee's weekly availability, stream `availability-<userId>`: several entries per weekday,
 * none overlapping. Saving replaces the whole week.
 */
export const availabilityDecider: Decider<AvailabilityCommand, AvailabilityState, AvailabilityEvent> = {
  initialState: { organizationId: null, entries: [] },

  evolve(state, event) {
    switch (event.type) {
      case 'AvailabilitySet':
        return { ...state, organizationId: event.data.organizationId, entries: event.data.entries, weekSaved: true };
      case 'TimeOffSet':
        return { ...state, organizationId: event.data.organizationId, timeOff: event.data.timeOff };
    }
  },

  decide(command, state) {
    if (
      command.userOrganizationId !== command.organizationId ||
      (state.organizationId && state.organizationId !== command.organizationId)
    ) {
      throw new NotFoundError('The user');
    }
    if (command.type === 'SetTimeOff') {
      const timeOff = checkedTimeOff(command.timeOff);
      const previous = state.timeOff ?? [];
      if (JSON.stringify(timeOff) === JSON.stringify(previous)) return [];
      return [
        {
          type: 'TimeOffSet',
          data: { userId: command.userId, organizationId: command.organizationId, timeOff, previous },
        },
      ];
    }
    const wanted = command.entries.map(checked);
    if (new Set(wanted.map((e) => e.id)).size !== wanted.length)
      throw new ValidationError('Each availability entry must have its own id');
    for (const day of WEEK_DAYS) {
      const ofDay = wanted.filter((e) => e.weekDay === day).sort((a, b) => a.start - b.start);
      // Touching entries (8:00–12:00 and 12:00–17:00) do not overlap.
      if (ofDay.some((e, i) => i > 0 && e.start < ofDay[i - 1].end))
        throw new ValidationError(`Availability entries on ${day} overlap`);
    }
    // An entry that is new only by its id (a client that sends none) keeps the id it already has.
    const known = new Set(state.entries.map((e) => e.id));
    const unclaimed = state.entries.filter((e) => !wanted.some((w) => w.id === e.id));
    const entries: AvailabilityEntry[] = wanted
      .map(({ id, weekDay, startTime, endTime }) => {
        const entry = { id, weekDay: weekDay as WeekDay, startTime, endTime };
        if (known.has(id)) return entry;
        const twin = unclaimed.findIndex((e) => same(e, entry));
        return twin < 0 ? entry : { ...entry, id: unclaimed.splice(twin, 1)[0].id };
      })
      .sort(byDayAndTime);
    const unchanged =
      state.weekSaved === true &&
      entries.length === state.entries.length &&
      entries.every((e, i) => e.id === state.entries[i].id && same(e, state.entries[i]));
    if (unchanged) return [];
    return [
      {
        type: 'AvailabilitySet',
        data: { userId: command.userId, organizationId: command.organizationId, entries, previous: state.entries },
      },
    ];
  },
};
