import { describe, expect, it } from 'vitest';
import { clashLines, type Clash, type ClashReport } from './clashes';
import { changedBack } from './schedulingApi';

const NY = 'America/New_York';
const clash = (over: Partial<Clash>): Clash => ({
  userId: 'maria',
  name: 'Maria Lopez',
  kind: 'notWorking',
  date: '2031-06-07',
  start: '2031-06-07T13:00:00Z',
  end: '2031-06-07T14:00:00Z',
  message: 'Employee is not available on this day',
  ...over,
});
const report = (clashes: Clash[], occurrences = 1, more = 0): ClashReport => ({
  clashes,
  more,
  occurrences,
  until: clashes.at(-1)?.end ?? null,
});

describe('clash lines', () => {
  it('shows a one-time job’s clashes as they are', () => {
    const booked = clash({ kind: 'booked', message: 'Already booked on Gutters (Sat, Jun 7, 9–10 AM)' });
    expect(clashLines(report([clash({}), booked]), NY)).toEqual([
      expect.objectContaining({ name: 'Maria Lopez', message: 'Employee is not available on this day', days: '' }),
      expect.objectContaining({ message: 'Already booked on Gutters (Sat, Jun 7, 9–10 AM)', days: '' }),
    ]);
  });

  it('groups a series’ repeats by person and clash, naming the first three days', () => {
    const saturdays = ['2031-06-07', '2031-06-14', '2031-06-21', '2031-06-28', '2031-07-05'].map((date) =>
      clash({ date }),
    );
    const gutters = ['2031-06-14', '2031-06-21'].map((date) =>
      clash({
        kind: 'booked',
        date,
        message: `Already booked on Gutters (${date})`,
        job: { id: date, name: 'Gutters', start: '', end: '' },
      }),
    );
    expect(clashLines(report([...saturdays, ...gutters], 20), NY)).toEqual([
      expect.objectContaining({
        message: 'Employee is not available on this day',
        days: 'Sat, Jun 7; Sat, Jun 14; Sat, Jun 21 and 2 more',
      }),
      expect.objectContaining({ message: 'Already booked on Gutters', days: 'Sat, Jun 14; Sat, Jun 21' }),
    ]);
  });
});

describe('undoing a calendar change', () => {
  it('puts back exactly the fields the change changed, as the job had them', () => {
    const job = {
      startDateTime: '2031-06-07T13:00:00Z',
      endDateTime: '2031-06-07T14:00:00Z',
      userIds: ['jordan'],
      leadUserId: null,
    };
    expect(changedBack(job, { id: 'j', startDateTime: 'x', endDateTime: 'y' })).toEqual({
      id: 'j',
      startDateTime: '2031-06-07T13:00:00Z',
      endDateTime: '2031-06-07T14:00:00Z',
    });
    expect(changedBack(job, { id: 'j', userIds: ['sam'], leadUserId: 'sam' })).toEqual({
      id: 'j',
      userIds: ['jordan'],
      leadUserId: null,
    });
  });
});
