import { describe, expect, it } from 'vitest';
import {
  apiDay,
  endLabel,
  durationLabel,
  elapsedLabel,
  hoursMinutes,
  jobColumn,
  mileageLabel,
  parseMileage,
  pickerDay,
  thisWeek,
  timerTitle,
} from './timers';

describe('timer helpers', () => {
  it('shows elapsed time as h:mm:ss, never negative', () => {
    expect(elapsedLabel(0)).toBe('0:00:00');
    expect(elapsedLabel(249_999)).toBe('0:04:09');
    expect(elapsedLabel(3_723_000)).toBe('1:02:03');
    expect(elapsedLabel(-5000)).toBe('0:00:00');
  });

  it('names a timer by its label, else its job, else its type', () => {
    expect(timerTitle({ label: 'Van', jobName: 'Lawn', type: 'Job' })).toBe('Van');
    expect(timerTitle({ label: null, jobName: 'Lawn', type: 'Job' })).toBe('Lawn');
    expect(timerTitle({ label: null, jobName: null, type: 'Mileage' })).toBe('Mileage');
    expect(timerTitle({ label: null, jobName: null, type: 'Unassigned' })).toBe('Unassigned time');
  });

  it('gives a stopped timer its length as the running timer showed it, seconds too, and mileage driven', () => {
    expect(durationLabel({ startDateTime: '2026-06-01T13:00:00Z', endDateTime: '2026-06-01T14:45:00Z' })).toBe(
      '1:45:00',
    );
    expect(durationLabel({ startDateTime: '2026-06-01T13:00:00Z', endDateTime: '2026-06-01T13:05:29Z' })).toBe(
      '0:05:29',
    );
    // Six seconds are six seconds, not '0:00'.
    expect(durationLabel({ startDateTime: '2026-06-01T13:00:00Z', endDateTime: '2026-06-01T13:00:06Z' })).toBe(
      '0:00:06',
    );
    expect(durationLabel({ startDateTime: '2026-06-01T13:00:00Z', endDateTime: null })).toBeNull();
    expect(hoursMinutes(38 * 60 + 45)).toBe('38:45');
    expect(mileageLabel({ mileageStart: null, mileageEnd: null })).toBeNull();
    expect(mileageLabel({ mileageStart: 1200, mileageEnd: 1242.5 })).toBe('42.5 mi (1,200 → 1,242.5)');
  });

  it("labels a drive 'Mileage' in the Job column, and knows this week and both date formats", () => {
    expect(jobColumn({ jobName: null, type: 'Mileage' })).toBe('Mileage');
    expect(jobColumn({ jobName: null, type: 'Unassigned' })).toBe('No Job');
    expect(jobColumn({ jobName: 'Office cleaning', type: 'Job' })).toBe('Office cleaning');
    // Tuesday 24 November 2026, 02:00 UTC is still Monday evening in New York: Sunday the 22nd to Saturday the 28th.
    expect(thisWeek('America/New_York', new Date('2026-11-24T02:00:00Z'))).toEqual({
      fromDate: '11/22/2026',
      toDate: '11/28/2026',
    });
    expect(thisWeek('UTC', new Date('2026-11-29T10:00:00Z'))).toEqual({ fromDate: '11/29/2026', toDate: '12/05/2026' });
    expect(pickerDay('11/02/2026')).toBe('2026-11-02');
    expect(apiDay('2026-11-02')).toBe('11/02/2026');
  });

  it('reads mileage as typed', () => {
    expect(parseMileage('1,204.5')).toBe(1204.5);
    expect(parseMileage('')).toBeNull();
    expect(parseMileage('far')).toBeNaN();
    expect(parseMileage(' 1 204 ')).toBe(1204);
    expect(parseMileage('.5')).toBe(0.5);
    expect(parseMileage(1204.5)).toBe(1204.5);
    for (const text of ['1.', '.', '1.2.3', '-5', '1e3']) expect(parseMileage(text)).toBeNaN();
  });

  it('refuses mileage longer than the server reads, at once', () => {
    expect(parseMileage('1'.repeat(20))).toBe(Number('1'.repeat(20)));
    expect(parseMileage('1'.repeat(21))).toBeNaN();
    // The shape on which the earlier pattern backtracked: its time grew with the square of the length.
    const started = performance.now();
    expect(parseMileage(`${'1'.repeat(100_000)}x`)).toBeNaN();
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('timer forms and the server clock', async () => {
  const { timerFormProblem } = await import('./TimerFormModal');
  const { endingMileageProblem } = await import('./StopTimerDialog');
  const { clockOffset } = await import('./serverClock');

  it('checks the start form as the server does', () => {
    expect(timerFormProblem({ type: 'Unassigned', jobId: null, mileageStart: '' })).toBeNull();
    expect(timerFormProblem({ type: 'Job', jobId: null, mileageStart: '' })).toBe('Choose the job this time is for');
    expect(timerFormProblem({ type: 'Mileage', jobId: null, mileageStart: '' })).toBe(
      'Starting mileage is required for a mileage timer',
    );
    expect(timerFormProblem({ type: 'Mileage', jobId: null, mileageStart: 'lots' })).toBe(
      'Starting mileage must be a number',
    );
    expect(timerFormProblem({ type: 'Mileage', jobId: null, mileageStart: '1,200' })).toBeNull();
  });

  it('asks for an ending mileage that is a number and not below the start', () => {
    expect(endingMileageProblem('', 1200)).toBe('Ending mileage is required');
    expect(endingMileageProblem('far', 1200)).toBe('Ending mileage must be a number');
    expect(endingMileageProblem('1100', 1200)).toBe('Ending mileage cannot be less than the starting mileage');
    expect(endingMileageProblem('1,250', 1200)).toBeNull();
  });

  it('measures the server clock against the middle of the round trip', () => {
    expect(clockOffset(10_000, 4_000, 4_200)).toBe(5_900);
  });
});

describe("a time's end in a table", () => {
  const NY = 'America/New_York';
  it('is its time alone on the day the time started, else with its date', () => {
    expect(endLabel('2026-11-16T14:00:00Z', '2026-11-16T22:30:00Z', NY)).toBe('5:30 PM');
    expect(endLabel('2026-11-16T23:00:00Z', '2026-11-17T06:00:00Z', NY)).toBe('Tue 17 Nov 2026, 1:00 AM');
  });
});
