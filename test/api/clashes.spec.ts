import { ApiClient, expectError, startTestApp, TestApp, TestOrganization } from '../support/app';
import { kitFor } from '../support/given';

/**
 * POST /api/jobs/clashes (issue #26): every clash of a job as a save would leave it, decided on the server over all
 * its occurrences: days off, days and hours outside a person's week, and their other jobs then. The organization's
 * zone is America/New_York (EDT, UTC-4, in June 2031): 2031-06-02 is a Monday.
 */
describe('the clash check over HTTP', () => {
  let app: TestApp;
  let org: TestOrganization;
  let maria: string;
  let jamal: string;

  const at = (date: string, time: string) => `${date}T${time}:00-04:00`;
  const check = (body: Record<string, unknown>, client: ApiClient = org.manager) =>
    client.post('/api/jobs/clashes', body);
  const proposal = (date: string, from: string, to: string, over: Record<string, unknown> = {}) => ({
    jobModel: { name: 'Window cleaning', startDateTime: at(date, from), endDateTime: at(date, to), ...over },
  });
  const given = kitFor(() => org.manager);

  beforeAll(async () => {
    app = await startTestApp();
    org = await app.organization('Clashes');
    ({ id: maria } = await kitFor(org.admin).user({ firstName: 'Maria', lastName: 'Lopez' }));
    ({ id: jamal } = await kitFor(org.admin).user({ firstName: 'Jamal', lastName: 'Reed' }));
    // Maria works 8–5 on weekdays; Jamal never saved a week (every day counts as his).
    const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((weekDay) => ({
      weekDay,
      startTime: '08:00',
      endTime: '17:00',
    }));
    expect((await org.admin.patch(`/api/employee-availability/${maria}`, week)).status).toBe(200);
  });
  afterAll(() => app.stop());

  it('says what hours a person works when a job on a working day lies outside them', async () => {
    const answer = await check(proposal('2031-06-04', '18:00', '20:00', { leadUserId: maria }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      clashes: [
        {
          userId: maria,
          name: 'Maria Lopez',
          kind: 'hours',
          date: '2031-06-04',
          start: '2031-06-04T22:00:00Z',
          end: '2031-06-05T00:00:00Z',
          message: 'Maria Lopez works 8 AM–5 PM on Wednesdays; this job is 6–8 PM',
        },
      ],
      more: 0,
      occurrences: 1,
      until: '2031-06-05T00:00:00Z',
    });
  });

  it('uses the spec’s words for a day the person does not work, and finds nothing inside their hours', async () => {
    const saturday = await check(proposal('2031-06-07', '09:00', '10:00', { userIds: [maria] }));
    expect(saturday.body.clashes).toEqual([
      expect.objectContaining({ userId: maria, kind: 'notWorking', message: 'Employee is not available on this day' }),
    ]);
    const inside = await check(proposal('2031-06-04', '09:00', '10:00', { leadUserId: maria, userIds: [jamal] }));
    expect(inside.body).toMatchObject({ clashes: [], occurrences: 1 });
  });

  it('names a time-off day and a holiday', async () => {
    const saved = await org.admin.put(`/api/employee-availability/${maria}/time-off`, {
      timeOff: [{ from: '2031-06-10', to: '2031-06-11', note: 'Dentist' }],
    });
    expect(saved.status).toBe(200);
    const holiday = await org.admin.put('/api/organization/settings/holidays', {
      holidays: [{ date: '2031-07-04', name: 'Independence Day' }],
    });
    expect(holiday.status).toBe(200);
    const off = await check(proposal('2031-06-10', '09:00', '10:00', { leadUserId: maria }));
    expect(off.body.clashes).toEqual([
      expect.objectContaining({
        userId: maria,
        kind: 'timeOff',
        date: '2031-06-10',
        message: 'Time off on Tue, Jun 10 – Wed, Jun 11 (Dentist)',
      }),
    ]);
    const fourth = await check(proposal('2031-07-04', '09:00', '10:00', { userIds: [jamal] }));
    expect(fourth.body.clashes).toEqual([
      expect.objectContaining({
        userId: jamal,
        name: 'Jamal Reed',
        kind: 'holiday',
        message: 'Fri, Jul 4 is a holiday (Independence Day)',
      }),
    ]);
  });

  it('names part-day time off only where the job overlaps its hours', async () => {
    const saved = await org.admin.put(`/api/employee-availability/${jamal}/time-off`, {
      timeOff: [{ from: '2031-06-12', to: '2031-06-12', note: 'Dentist', startTime: '13:00', endTime: '16:00' }],
    });
    expect(saved.body.data.timeOff).toEqual([
      expect.objectContaining({ from: '2031-06-12', startTime: '13:00', endTime: '16:00', note: 'Dentist' }),
    ]);
    const morning = await check(proposal('2031-06-12', '09:00', '10:00', { leadUserId: jamal }));
    expect(morning.body.clashes).toEqual([]);
    const afternoon = await check(proposal('2031-06-12', '15:00', '17:00', { leadUserId: jamal }));
    expect(afternoon.body.clashes).toEqual([
      expect.objectContaining({ userId: jamal, kind: 'timeOff', message: 'Time off on Thu, Jun 12, 1–4 PM (Dentist)' }),
    ]);
    // It closes his availability for those hours only.
    const available = async (from: string, to: string) =>
      (
        await org.manager.get(
          `/api/employee-availability/date-filter/users?startDate=${encodeURIComponent(at('2031-06-12', from))}&endDate=${encodeURIComponent(at('2031-06-12', to))}`,
        )
      ).body.find((u: { id: string }) => u.id === jamal).available;
    expect(await available('09:00', '10:00')).toBe(true);
    expect(await available('15:00', '17:00')).toBe(false);
    // Maria's whole days off (Jun 10–11) leave no availability to lay over the schedule; Monday Jun 9 has hers.
    const shading = await org.manager.get(
      `/api/jobs/syncfusion/fetch?StartDate=06/09/2031&EndDate=06/11/2031&availabilityUserId=${maria}`,
    );
    const days = shading.body
      .filter((j: { availabilityOnly: boolean }) => j.availabilityOnly)
      .map((j: { startDateTime: string }) => j.startDateTime.slice(0, 10));
    expect(days).toEqual(['2031-06-09']);
    expectError(
      await org.admin.put(`/api/employee-availability/${jamal}/time-off`, {
        timeOff: [{ from: '2031-06-12', to: '2031-06-13', startTime: '13:00', endTime: '16:00' }],
      }),
      400,
      'Hours of time off are for one day: enter each day on its own',
    );
    // Back to no time off: the later tests book Jamal freely.
    expect((await org.admin.put(`/api/employee-availability/${jamal}/time-off`, { timeOff: [] })).status).toBe(200);
  });

  it('checks a series over its future weeks: a job five weeks on and another series both clash', async () => {
    // Jamal's one-time job on a Tuesday five weeks after the series starts, and his weekly series on Thursdays.
    const single = await given.job({
      name: 'Gutter repair',
      startDateTime: at('2031-09-09', '10:00'),
      endDateTime: at('2031-09-09', '11:00'),
      leadUserId: jamal,
    });
    const thursdays = await given.job(
      {
        name: 'Office lobby',
        startDateTime: at('2031-08-07', '10:15'),
        endDateTime: at('2031-08-07', '11:15'),
        userIds: [jamal],
      },
      { recurringFrequency: 'Weekly', recurrenceDays: 'thursday', expireDate: '2031-08-14' },
    );
    const answer = await check({
      ...proposal('2031-08-05', '10:00', '10:30', { leadUserId: jamal }),
      recurrenceModel: { recurringFrequency: 'Weekly', recurrenceDays: 'tuesday,thursday', expireDate: '2031-12-31' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.occurrences).toBe(43); // 22 Tuesdays (Aug 5 to Dec 30) and 21 Thursdays (Aug 7 to Dec 25)
    expect(answer.body.clashes).toEqual([
      {
        userId: jamal,
        name: 'Jamal Reed',
        kind: 'booked',
        date: '2031-08-07',
        start: '2031-08-07T14:00:00Z',
        end: '2031-08-07T14:30:00Z',
        message: 'Already booked on Office lobby (Thu, Aug 7, 10:15–11:15 AM)',
        job: {
          id: `${thursdays.recurrenceId}_20310807`,
          name: 'Office lobby',
          start: '2031-08-07T14:15:00Z',
          end: '2031-08-07T15:15:00Z',
        },
      },
      expect.objectContaining({
        date: '2031-08-14',
        kind: 'booked',
        job: expect.objectContaining({ name: 'Office lobby' }),
      }),
      expect.objectContaining({
        date: '2031-09-09',
        kind: 'booked',
        message: 'Already booked on Gutter repair (Tue, Sep 9, 10–11 AM)',
        job: expect.objectContaining({ id: single.id }),
      }),
    ]);
  });

  it('never counts a job against itself, nor a series changed whole against its own occurrences', async () => {
    const job = await given.job({
      name: 'Deck staining',
      startDateTime: at('2031-10-01', '09:00'),
      endDateTime: at('2031-10-01', '12:00'),
      leadUserId: maria,
    });
    // A change sends only what changes: the people are the job's own.
    const moved = await check({ id: job.id, jobModel: { startDateTime: at('2031-10-01', '10:00') } });
    expect(moved.body).toMatchObject({ clashes: [], occurrences: 1 });
    const other = await check(proposal('2031-10-01', '11:00', '13:00', { userIds: [maria] }));
    expect(other.body.clashes).toEqual([
      expect.objectContaining({ kind: 'booked', message: 'Already booked on Deck staining (Wed, Oct 1, 9 AM–12 PM)' }),
    ]);
    // Touching is not clashing.
    expect((await check(proposal('2031-10-01', '12:00', '13:00', { userIds: [maria] }))).body.clashes).toEqual([]);
    // Handed to Jamal, the job keeps him busy and no longer her.
    expect((await org.manager.patch(`/api/jobs/${job.id}`, { leadUserId: jamal })).status).toBe(200);
    expect((await check(proposal('2031-10-01', '11:00', '13:00', { userIds: [maria] }))).body.clashes).toEqual([]);
    expect((await check(proposal('2031-10-01', '11:00', '13:00', { userIds: [jamal] }))).body.clashes).toEqual([
      expect.objectContaining({ userId: jamal, kind: 'booked', job: expect.objectContaining({ id: job.id }) }),
    ]);

    const series = await given.job(
      {
        name: 'Pool service',
        startDateTime: at('2031-11-03', '09:00'),
        endDateTime: at('2031-11-03', '10:00'),
        leadUserId: jamal,
      },
      { recurringFrequency: 'Daily', expireDate: '2031-11-09' },
    );
    const occurrence = `${series.recurrenceId}_20311104`;
    const whole = await check({
      id: occurrence,
      scope: 'series',
      jobModel: { endDateTime: at('2031-11-04', '10:30') },
    });
    expect(whole.body).toMatchObject({ clashes: [], occurrences: 6 }); // Nov 4 to Nov 9: the series from this one on
    // One occurrence moved onto the next day's time clashes with that day's occurrence.
    const onto = await check({
      id: occurrence,
      jobModel: { startDateTime: at('2031-11-05', '09:30'), endDateTime: at('2031-11-05', '10:30') },
    });
    expect(onto.body.clashes).toEqual([
      expect.objectContaining({
        kind: 'booked',
        job: expect.objectContaining({ id: `${series.recurrenceId}_20311105` }),
      }),
    ]);
  });

  it('refuses what it cannot read with a message, and keeps organizations apart', async () => {
    expectError(
      await check({ jobModel: { startDateTime: 'soon', endDateTime: at('2031-06-04', '10:00') } }),
      400,
      'The start must be a date and time',
    );
    expectError(await check(proposal('2031-06-04', '10:00', '09:00')), 400, 'The end must be after the start');
    expectError(await check({}), 400, 'The job (jobModel) is required');
    expectError(
      await check({ ...proposal('2031-06-04', '09:00', '10:00'), scope: 'all' }),
      400,
      'scope must be occurrence or series',
    );
    expectError(
      await check({ ...proposal('2031-06-04', '09:00', '10:00'), recurrenceModel: { recurringFrequency: 'Weekly' } }),
      400,
      'Choose at least one day of the week',
    );
    expectError(await check({ id: 'nope', jobModel: {} }), 404);
    expectError(await check(proposal('2031-06-04', '09:00', '10:00'), org.associate), 403);

    const other = await app.organization('Elsewhere');
    const theirs = await kitFor(other.manager).job({
      name: 'Theirs',
      startDateTime: at('2031-06-04', '09:00'),
      endDateTime: at('2031-06-04', '10:00'),
      leadUserId: other.associate.userId,
    });
    expectError(await check({ id: theirs.id, jobModel: {} }), 404, 'The job was not found.');
    // Their person on our proposal: nothing of theirs is read or named.
    const probe = await check(proposal('2031-06-04', '09:30', '10:30', { leadUserId: other.associate.userId }));
    expect(probe.body).toMatchObject({ clashes: [] });
  });
});
