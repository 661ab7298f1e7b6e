import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DayRange } from './calendarRange';
import { anchorDay, type CalendarView } from './calendarViews';
import { withChip, withoutChip, type FilterChip } from './jobFilters';
import type { BlockDuration } from './jobs';

/** What one calendar screen shows: its view, where it is, and (Job Schedule) its controls. */
export interface ScheduleState {
  view: CalendarView;
  /** The day a view switch keeps (YYYY-MM-DD in the organization's zone). */
  day: string;
  /** The visible days, as the calendar reported them; what the data query asks for. */
  range: DayRange | null;
  /** The calendar's own title for the range ('Jun 1 – 5, 2026'). */
  title: string;
  blockMinutes: BlockDuration;
  availabilityUserId: string | null;
  chips: FilterChip[];
  setView: (view: CalendarView, today: string) => void;
  showRange: (range: DayRange, title: string) => void;
  setDay: (day: string) => void;
  setBlockMinutes: (minutes: BlockDuration) => void;
  setAvailabilityUserId: (id: string | null) => void;
  addChip: (chip: FilterChip) => void;
  removeChip: (key: string) => void;
  clearChips: () => void;
}

export function createScheduleStore(initial: {
  view: CalendarView;
  day: string;
  blockMinutes?: BlockDuration;
}): StoreApi<ScheduleState> {
  return createStore<ScheduleState>()((set) => ({
    view: initial.view,
    day: initial.day,
    range: null,
    title: '',
    blockMinutes: initial.blockMinutes ?? 60,
    availabilityUserId: null,
    chips: [],
    // The new view opens on the day in focus; its range arrives when it has rendered.
    setView: (view, today) => set((s) => (view === s.view ? s : { view, day: anchorDay(s.range, today) })),
    showRange: (range, title) => set({ range, title }),
    setDay: (day) => set({ day }),
    setBlockMinutes: (blockMinutes) => set({ blockMinutes }),
    setAvailabilityUserId: (availabilityUserId) => set({ availabilityUserId }),
    addChip: (chip) => set((s) => ({ chips: withChip(s.chips, chip) })),
    removeChip: (key) => set((s) => ({ chips: withoutChip(s.chips, key) })),
    clearChips: () => set({ chips: [] }),
  }));
}
