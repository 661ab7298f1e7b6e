import { performance } from 'node:perf_hooks';
import { MILEAGE_MAX_LENGTH, parseMileageText } from '../shared/timers';
import { toTimerInput } from './timers.dto';

describe('mileage as typed', () => {
  it.each([
    ['1,204.5', 1204.5],
    [' 1204 ', 1204],
    ['.5', 0.5],
    ['1,200', 1200],
    ['0', 0],
    ['007', 7],
    ['12,345,678', 12345678],
    ['\t1204.25\n', 1204.25],
    [',5', 5],
  ])('reads %j as %d', (text, expected) => {
    expect(parseMileageText(text)).toBe(expected);
  });

  it.each([
    'twelve',
    '1.2.3',
    '1.',
    '.',
    ',',
    '1,204.5,',
    '1.2,5',
    '1 204',
    '-5',
    '+5',
    '1e3',
    '0x10',
    'Infinity',
    '١٢',
    ' ',
    '1,204.5 mi',
  ])('refuses %j', (text) => {
    expect(parseMileageText(text)).toBeNaN();
  });

  it(`reads ${MILEAGE_MAX_LENGTH} characters and refuses one more`, () => {
    expect(parseMileageText('1'.repeat(MILEAGE_MAX_LENGTH))).toBe(Number('1'.repeat(MILEAGE_MAX_LENGTH)));
    expect(parseMileageText('1'.repeat(MILEAGE_MAX_LENGTH + 1))).toBeNaN();
    expect(parseMileageText(` ${'1'.repeat(MILEAGE_MAX_LENGTH - 2)} `)).toBe(
      Number('1'.repeat(MILEAGE_MAX_LENGTH - 2)),
    );
  });

  it('refuses a 1,000,000-character value at once', () => {
    // The old pattern backtracked on this shape: its time grew with the square of the length.
    const huge = `${'1'.repeat(999_999)}x`;
    const started = performance.now();
    expect(parseMileageText(huge)).toBeNaN();
    expect(parseMileageText(`${'1,'.repeat(500_000)}`)).toBeNaN();
    expect(performance.now() - started).toBeLessThan(10);
  });

  it('keeps numbers, blank is no mileage, and anything else reaches the decider as NaN', () => {
    const read = (mileageStart: unknown) => toTimerInput({ type: 'Mileage', mileageStart }).mileageStart;
    expect(read(1204.5)).toBe(1204.5);
    expect(read('1,204.5')).toBe(1204.5);
    expect(read(undefined)).toBeUndefined();
    expect(read(null)).toBeNull();
    expect(read('')).toBeNull();
    for (const value of [{}, { value: 1 }, [], [1204], true, false, 'x'.repeat(1_000_000)])
      expect(read(value)).toBeNaN();
    expect(toTimerInput({ mileageEnd: ['1'] }).mileageEnd).toBeNaN();
  });
});
