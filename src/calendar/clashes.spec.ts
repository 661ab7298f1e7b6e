import { clashesOf, hoursLabel, NOT_AVAILABLE, PersonTimes, timeLabel } from './clashes';

const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const person = (over: Partial<PersonTimes> = {}): PersonTimes => ({
  userId: 'u1',
  name: 'Maria Lopez',
  week: null,
  daysOff: [],
  busy: [],
  ...over,
});

describe('clash wording', () => {
  it('says AM/PM once when both ends share it, and minutes only when there are some', () => {
    expect(hoursLabel(18 * 60, 20 * 60)).toBe('6–8 PM');
    expect(hoursLabel(8 * 60, 17 * 60)).toBe('8 AM–5 PM');
    expect(hoursLabel(11 * 60 + 30, 13 * 60)).toBe('11:30 AM–1 PM');
    expect(hoursLabel(0, 24 * 60)).toBe('all day');
    expect(hoursLabel(0, 12 * 60)).toBe('12 AM–12 PM');
  });

  it('names a job’s day and hours in the zone, and both ends when it runs into another day', () => {
    expect(timeLabel(at('2031-06-04T13:00:00Z'), at('2031-06-04T15:30:00Z'), NY)).toBe('Wed, Jun 4, 9–11:30 AM');
    expect(timeLabel(at('2031-06-05T01:00:00Z'), at('2031-06-05T04:00:00Z'), NY)).toBe('Wed, Jun 4, 9 PM–12 AM');
    expect(timeLabel(at('2031-06-05T01:00:00Z'), at('2031-06-05T06:00:00Z'), NY)).toBe(
      'Wed, Jun 4, 9:00 PM – Thu, Jun 5, 2:00 AM',
    );
    expect(timeLabel(at('2031-06-04T04:00:00Z'), at('2031-06-05T04:00:00Z'), NY)).toBe('Wed, Jun 4, all day');
    expect(timeLabel(at('2031-06-04T04:00:00Z'), at('2031-06-07T04:00:00Z'), NY)).toBe('Wed, Jun 4 – Fri, Jun 6');
  });
});

describe('clashesOf', () => {
  const wednesday = { start: at('2031-06-04T22:00:00Z'), end: at('2031-06-05T00:00:00Z') }; // 6–8 PM EDT

  it('finds a long job that began days before the occurrence (the search looks back its length)', async () => {
    const busy = [
      { id: 'short', name: 'Short', start: at('2031-06-04T12:00:00Z'), end: at('2031-06-04T13:00:00Z') },
      { id: 'long', name: 'Trade show', start: at('2031-06-01T12:00:00Z'), end: at('2031-06-06T12:00:00Z') },
      { id: 'later', name: 'Later', start: at('2031-06-05T00:00:00Z'), end: at('2031-06-05T01:00:00Z') },
    ].sort((a, b) => a.start - b.start);
    const { clashes } = await clashesOf([wednesday], [person({ busy })], NY, 10);
    expect(clashes.map((c) => c.job?.id)).toEqual(['long']);
  });

  it('lists a day off instead of the week, the spec’s words on a day not worked, and counts what is over the limit', async () => {
    const week = [{ weekDay: 'Monday' as const, startTime: '08:00', endTime: '17:00' }];
    const occurrences = [0, 1, 2].map((d) => ({
      start: wednesday.start + d * 86_400_000,
      end: wednesday.end + d * 86_400_000,
    }));
    let pauses = 0;
    const { clashes, more } = await clashesOf(
      occurrences,
      [person({ week, daysOff: [{ from: '2031-06-05', to: '2031-06-05', label: null, kind: 'timeOff' }] })],
      NY,
      2,
      async () => void pauses++,
    );
    expect(pauses).toBe(3); // once after each occurrence
    expect(clashes.map((c) => [c.date, c.kind, c.message])).toEqual([
      ['2031-06-04', 'notWorking', NOT_AVAILABLE],
      ['2031-06-05', 'timeOff', 'Time off on Thu, Jun 5'],
    ]);
    expect(more).toBe(1);
  });
});
