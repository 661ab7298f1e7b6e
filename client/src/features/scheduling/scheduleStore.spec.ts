import { describe, expect, it } from 'vitest';
import { anchorDay, shiftDay, slotDuration, viewShowing } from './calendarViews';
import { createScheduleStore } from './scheduleStore';

describe('schedule screen state', () => {
  it('opens on WorkWeek with one-hour blocks, no availability and no filter', () => {
    const store = createScheduleStore({ view: 'workWeek', day: '2026-06-03' });
    expect(store.getState()).toMatchObject({
      view: 'workWeek',
      day: '2026-06-03',
      blockMinutes: 60,
      availabilityUserId: null,
      chips: [],
      range: null,
    });
  });

  it('keeps today when switching views while today is on screen, else the first day shown', () => {
    const store = createScheduleStore({ view: 'workWeek', day: '2026-06-03' });
    store.getState().showRange({ first: '2026-06-01', last: '2026-06-05' }, 'Jun 1 – 5, 2026');
    store.getState().setView('timelineDay', '2026-06-03');
    expect(store.getState()).toMatchObject({ view: 'timelineDay', day: '2026-06-03' });
    store.getState().showRange({ first: '2026-06-08', last: '2026-06-08' }, '');
    store.getState().setView('week', '2026-06-03');
    expect(store.getState().day).toBe('2026-06-08');
  });

  it('opens a linked weekend day in Week, since Work Week hides it; any other view as asked', () => {
    expect(viewShowing('workWeek', '2026-11-28')).toBe('week'); // a Saturday
    expect(viewShowing('workWeek', '2026-11-29')).toBe('week'); // a Sunday
    expect(viewShowing('workWeek', '2026-11-27')).toBe('workWeek'); // a Friday
    expect(viewShowing('month', '2026-11-28')).toBe('month');
    expect(viewShowing('timelineDay', '2026-11-29')).toBe('timelineDay');
  });

  it('adds filter chips once and removes them', () => {
    const store = createScheduleStore({ view: 'workWeek', day: '2026-06-03' });
    const { addChip, removeChip, clearChips } = store.getState();
    addChip({ kind: 'employee', id: 'u1', label: 'Alex Kim' });
    addChip({ kind: 'employee', id: 'u1', label: 'Alex Kim' });
    addChip({ kind: 'customer', id: 'c1', label: 'Maple Street Dental' });
    expect(store.getState().chips).toHaveLength(2);
    removeChip('employee:u1');
    expect(store.getState().chips.map((c) => c.id)).toEqual(['c1']);
    clearChips();
    expect(store.getState().chips).toEqual([]);
  });
});

describe('calendar view helpers', () => {
  it("turns the block duration into FullCalendar's slot duration", () => {
    expect([slotDuration(15), slotDuration(30), slotDuration(60)]).toEqual(['00:15:00', '00:30:00', '01:00:00']);
  });

  it('steps days and anchors without a range', () => {
    expect(shiftDay('2026-02-28', 1)).toBe('2026-03-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(anchorDay(null, '2026-06-03')).toBe('2026-06-03');
  });
});
