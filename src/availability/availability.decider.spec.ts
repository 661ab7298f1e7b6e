import { given } from '../core/decider.testing';
import { NotFoundError, ValidationError } from '../core/errors';
import { AvailabilityCommand, AvailabilityEntryInput, availabilityDecider } from './availability.decider';
import { AvailabilityEntry, AvailabilityEvent, availabilityStreams } from './availability.events';

/** The whole message, not a part of it: toThrow compares an Error's message exactly. */
const exactly = (message: string) => new Error(message);

const ORG = 'org-1';
const USER = 'user-1';
const entry = (id: string, weekDay: string, startTime: string, endTime: string): AvailabilityEntryInput => ({
  id,
  weekDay,
  startTime,
  endTime,
});
const set = (
  entries: AvailabilityEntryInput[],
  overrides: Partial<Extract<AvailabilityCommand, { type: 'SetAvailability' }>> = {},
): AvailabilityCommand => ({
  type: 'SetAvailability',
  userId: USER,
  organizationId: ORG,
  userOrganizationId: ORG,
  entries,
  ...overrides,
});
const wasSet = (entries: AvailabilityEntry[], previous: AvailabilityEntry[] = []): AvailabilityEvent => ({
  type: 'AvailabilitySet',
  data: { userId: USER, organizationId: ORG, entries, previous },
});
const monday = { id: 'a', weekDay: 'Monday', startTime: '08:00', endTime: '17:00' } as const;
const tuesday = { id: 'b', weekDay: 'Tuesday', startTime: '08:00', endTime: '12:00' } as const;

describe('availability decider', () => {
  it('names its stream availability-<userId>, camelCase, with no other hyphen before the id', () => {
    const id = '6f1c2a8e-4b1d-4c43-9b0e-2f5a7d9c1e33';
    expect(availabilityStreams.availability(id)).toBe(`availability-${id}`);
    expect(availabilityStreams.availability(id).split('-')[0]).toBe('availability');
  });

  describe('SetAvailability', () => {
    it('saves a first week, old → new (nothing before)', () => {
      given(availabilityDecider, [])
        .when(set([monday, tuesday]))
        .then([wasSet([monday, tuesday])]);
    });

    it('replaces the whole week and records the previous one for the audit', () => {
      const friday = { id: 'c', weekDay: 'Friday', startTime: '09:00', endTime: '13:30' } as const;
      given(availabilityDecider, [wasSet([monday, tuesday])])
        .when(set([monday, friday]))
        .then([wasSet([monday, friday], [monday, tuesday])]);
    });

    it('allows several entries on one weekday, and touching ones (a split shift)', () => {
      const morning = entry('m', 'Wednesday', '07:00', '12:00');
      const afternoon = entry('n', 'Wednesday', '12:00', '16:00');
      const evening = entry('e', 'Wednesday', '18:00', '22:00');
      given(availabilityDecider, [])
        .when(set([evening, morning, afternoon]))
        .then([wasSet([morning, afternoon, evening] as AvailabilityEntry[])]);
    });

    it('sorts the week Monday first, then by start time', () => {
      const sunday = entry('s', 'Sunday', '10:00', '11:00');
      const late = entry('l', 'Monday', '18:00', '19:00');
      const events = given(availabilityDecider, [])
        .when(set([sunday, late, monday]))
        .events();
      expect((events[0].data as { entries: AvailabilityEntry[] }).entries.map((e) => e.id)).toEqual(['a', 'l', 's']);
    });

    it('reads day names in any case and times as H:mm or HH:mm:00, and writes them canonically', () => {
      given(availabilityDecider, [])
        .when(set([entry('a', 'monday', '8:00', '17:00:00'), entry('b', ' TUESDAY ', '08:00', '12:00')]))
        .then([wasSet([monday, tuesday])]);
    });

    it('allows an entry to run to the end of the day (24:00), so a slot can cross midnight', () => {
      const late = entry('z', 'Friday', '20:00', '24:00');
      given(availabilityDecider, [])
        .when(set([late]))
        .then([wasSet([late as AvailabilityEntry])]);
    });

    it('saves an empty week: from then on the user is not available on any day', () => {
      given(availabilityDecider, [])
        .when(set([]))
        .then([wasSet([])]);
      given(availabilityDecider, [wasSet([monday])])
        .when(set([]))
        .then([wasSet([], [monday])]);
    });

    it('changes nothing when the same week is saved again', () => {
      given(availabilityDecider, [wasSet([monday, tuesday])])
        .when(set([tuesday, monday]))
        .then([]);
      given(availabilityDecider, [wasSet([])])
        .when(set([]))
        .then([]);
    });

    it('keeps the id of an unchanged entry sent without its id (a new id for the same times)', () => {
      given(availabilityDecider, [wasSet([monday, tuesday])])
        .when(set([{ ...monday, id: 'fresh-1' }, tuesday]))
        .then([]);
      const events = given(availabilityDecider, [wasSet([monday])])
        .when(
          set([
            { ...monday, id: 'fresh-1' },
            { ...monday, id: 'fresh-2', startTime: '18:00', endTime: '19:00' },
          ]),
        )
        .events();
      expect((events[0].data as { entries: AvailabilityEntry[] }).entries.map((e) => e.id)).toEqual(['a', 'fresh-2']);
    });

    it('keeps an entry id when its times change', () => {
      given(availabilityDecider, [wasSet([monday])])
        .when(set([{ ...monday, endTime: '16:00' }]))
        .then([wasSet([{ ...monday, endTime: '16:00' }], [monday])]);
    });

    it.each([
      [
        'the end before the start',
        entry('a', 'Monday', '17:00', '08:00'),
        'The end time must be after the start time on Monday',
      ],
      [
        'the end equal to the start',
        entry('a', 'Thursday', '09:00', '09:00'),
        'The end time must be after the start time on Thursday',
      ],
      [
        'an unknown day',
        entry('a', 'Funday', '08:00', '17:00'),
        'Week day must be Monday, Tuesday, Wednesday, Thursday, Friday, Saturday or Sunday',
      ],
      [
        'a start time that is not a time',
        entry('a', 'Monday', 'eight', '17:00'),
        'The start time on Monday must be a time such as 08:00',
      ],
      [
        'a start time of 24:00',
        entry('a', 'Monday', '24:00', '24:00'),
        'The start time on Monday must be a time such as 08:00',
      ],
      [
        'an hour past 24',
        entry('a', 'Tuesday', '08:00', '25:00'),
        'The end time on Tuesday must be a time such as 17:00',
      ],
      [
        'minutes past 59',
        entry('a', 'Tuesday', '08:60', '17:00'),
        'The start time on Tuesday must be a time such as 08:00',
      ],
      [
        'a time with seconds',
        entry('a', 'Tuesday', '08:00:30', '17:00'),
        'The start time on Tuesday must be a time such as 08:00',
      ],
      [
        'a time off the 15-minute grid',
        entry('a', 'Sunday', '08:10', '17:00'),
        'Times on Sunday must be on a 15-minute step (:00, :15, :30 or :45)',
      ],
      [
        'an end time off the grid',
        entry('a', 'Sunday', '08:00', '16:59'),
        'Times on Sunday must be on a 15-minute step (:00, :15, :30 or :45)',
      ],
    ])('refuses %s', (_what, wrong, message) => {
      given(availabilityDecider, [])
        .when(set([wrong]))
        .thenThrows(ValidationError, exactly(message));
      // one wrong entry refuses the whole week
      given(availabilityDecider, [wasSet([tuesday])])
        .when(set([{ ...wrong, id: 'w' }, monday]))
        .thenThrows(ValidationError, exactly(message));
    });

    it('refuses overlapping entries on one day, naming the day', () => {
      given(availabilityDecider, [])
        .when(set([entry('a', 'Monday', '08:00', '12:00'), entry('b', 'Monday', '11:45', '17:00')]))
        .thenThrows(ValidationError, exactly('Availability entries on Monday overlap'));
      given(availabilityDecider, [])
        .when(set([entry('a', 'Saturday', '08:00', '17:00'), entry('b', 'Saturday', '10:00', '11:00')]))
        .thenThrows(ValidationError, exactly('Availability entries on Saturday overlap'));
      given(availabilityDecider, [])
        .when(set([entry('a', 'Monday', '08:00', '12:00'), entry('b', 'Monday', '08:00', '12:00')]))
        .thenThrows(ValidationError, exactly('Availability entries on Monday overlap'));
    });

    it('allows the same times on different days', () => {
      const events = given(availabilityDecider, [])
        .when(set([monday, { ...monday, id: 'b', weekDay: 'Tuesday' }]))
        .events();
      expect(events).toHaveLength(1);
    });

    it('refuses two entries with one id', () => {
      given(availabilityDecider, [])
        .when(set([monday, { ...tuesday, id: 'a' }]))
        .thenThrows(ValidationError, exactly('Each availability entry must have its own id'));
    });

    it('refuses a user of another organization, or no user at all, as not found', () => {
      given(availabilityDecider, [])
        .when(set([monday], { userOrganizationId: 'org-2' }))
        .thenThrows(NotFoundError, exactly('The user was not found.'));
      given(availabilityDecider, [])
        .when(set([monday], { userOrganizationId: null }))
        .thenThrows(NotFoundError, exactly('The user was not found.'));
      given(availabilityDecider, [wasSet([monday])])
        .when(set([], { organizationId: 'org-2', userOrganizationId: 'org-2' }))
        .thenThrows(NotFoundError);
    });
  });

  describe('SetTimeOff', () => {
    const setOff = (timeOff: { id: string; from: unknown; to: unknown; note?: unknown }[], userOrganizationId = ORG) =>
      ({ type: 'SetTimeOff', userId: USER, organizationId: ORG, userOrganizationId, timeOff }) as AvailabilityCommand;
    const trip = { id: 't1', from: '2026-12-21', to: '2026-12-31', note: 'Family trip' };
    const day = { id: 't2', from: '2026-11-27', to: '2026-11-27', note: null };
    const wasOff = (timeOff: unknown[], previous: unknown[] = []) =>
      ({ type: 'TimeOffSet', data: { userId: USER, organizationId: ORG, timeOff, previous } }) as AvailabilityEvent;

    it('replaces the list in date order, notes trimmed; the same list again changes nothing', () => {
      given(availabilityDecider, [])
        .when(
          setOff([
            { ...trip, note: ' Family trip ' },
            { ...day, note: '  ' },
          ]),
        )
        .then([wasOff([day, trip])]);
      given(availabilityDecider, [wasOff([day, trip])])
        .when(setOff([trip, day]))
        .then([]);
      given(availabilityDecider, [wasOff([day, trip])])
        .when(setOff([trip]))
        .then([wasOff([trip], [day, trip])]);
    });

    it('refuses dates that are not, an end before the start, more than a year, a long note', () => {
      given(availabilityDecider, [])
        .when(setOff([{ ...trip, from: '2026-13-01' }]))
        .thenThrows(ValidationError, exactly('Time off must start on a date (YYYY-MM-DD)'));
      given(availabilityDecider, [])
        .when(setOff([{ ...trip, to: null }]))
        .thenThrows(ValidationError, exactly('Time off must end on a date (YYYY-MM-DD)'));
      given(availabilityDecider, [])
        .when(setOff([{ ...trip, to: '2026-12-20' }]))
        .thenThrows(ValidationError, exactly('Time off must end on or after the day it starts'));
      given(availabilityDecider, [])
        .when(setOff([{ ...trip, to: '2027-12-22' }]))
        .thenThrows(ValidationError, exactly('Time off can be at most 366 days at a time'));
      given(availabilityDecider, [])
        .when(setOff([{ ...trip, note: 'x'.repeat(201) }]))
        .thenThrows(ValidationError, exactly('The note must be at most 200 characters'));
      given(availabilityDecider, [])
        .when(setOff([trip], 'org-2'))
        .thenThrows(NotFoundError, exactly('The user was not found.'));
    });

    it('saves no week: an empty week saved afterwards is still a change', () => {
      given(availabilityDecider, [wasOff([trip])])
        .when(set([]))
        .then([wasSet([])]);
      given(availabilityDecider, [wasSet([monday]), wasOff([trip])])
        .when(set([monday]))
        .then([]);
    });
  });
});
