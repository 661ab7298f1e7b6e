import { describe, expect, it } from 'vitest';
import { calendarHeight, MIN_CALENDAR_HEIGHT } from './calendarViews';

describe("a calendar's height", () => {
  it('fills the rest of the window when it starts inside it, so its grid is on screen as the page opens', () => {
    // The Job Schedule at 1280 x 800: the calendar starts 412 px down; on a phone 570 px down.
    expect(calendarHeight(1100, 800, 412)).toBe(800 - 412 - 16);
    expect(calendarHeight(1100, 844, 700)).toBe(MIN_CALENDAR_HEIGHT);
    expect(calendarHeight(1100, 1400, 412)).toBe(1400 - 412 - 16);
    expect(calendarHeight(800, 2000, 100)).toBe(800);
  });

  it('is the window less its toolbar when it starts below the window, or before it is measured', () => {
    expect(calendarHeight(800, 800, 1200)).toBe(680);
    expect(calendarHeight(1100, 800, null)).toBe(680);
    expect(calendarHeight(1100, 300, 1200)).toBe(MIN_CALENDAR_HEIGHT);
  });
});
