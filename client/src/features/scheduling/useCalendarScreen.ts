import type FullCalendar from '@fullcalendar/react';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useStore } from 'zustand';
import { useAppStore } from '../../app/store';
import { MOBILE_QUERY } from '../../app/theme';
import { useWorkingHours } from '../availability/availabilityApi';
import { loadCalendarPreferences, saveCalendarPreferences, workdayOf } from './calendarPreferences';
import { dayRange, longDayTitle, shiftDay, viewShowing, type CalendarView } from './calendarViews';
import { createScheduleStore } from './scheduleStore';
import { todayIn } from './zonedTime';
import { dayFromSearch } from '../../shared/asOf';

/**
 * A calendar screen's state and navigation: FullCalendar's views move through its API; TimelineDay
 * (ours) by the store's day. Below 600 px the calendar switches to Day (spec §2 Navigation). The view
 * and block duration a person last chose on this screen are kept in this browser and chosen again.
 */
export function useCalendarScreen(
  screen: 'home' | 'schedule',
  views: readonly CalendarView[],
  defaultView: CalendarView,
) {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const userId = useAppStore((s) => s.session?.user.id ?? '');
  // Read at once (not after a first render) so a phone opens straight on Day, today (or the day a link asks for).
  const [startsMobile] = useState(() => typeof window !== 'undefined' && window.matchMedia(MOBILE_QUERY).matches);
  const mobile = useMediaQuery(MOBILE_QUERY, startsMobile, { getInitialValueInEffect: false }) ?? false;
  // A link may ask for a day (`?day=yyyy-MM-dd`: a History's "Schedule before", an audit entry's job).
  const location = useLocation();
  const linkedDay = dayFromSearch(location.search);
  const [store] = useState(() => {
    const saved = loadCalendarPreferences(userId, screen, views);
    const day = linkedDay || todayIn(zone);
    return createScheduleStore({
      view: startsMobile ? 'day' : viewShowing(saved.view ?? defaultView, day),
      day,
      blockMinutes: saved.blockMinutes,
    });
  });
  const calendarRef = useRef<FullCalendar | null>(null);
  // The working day time grids open in (its start on days other than today): from the staff's saved hours.
  const workingHours = useWorkingHours();
  const { start, end } = workdayOf(workingHours.data);
  const workday = useMemo(() => ({ start, end }), [start, end]);
  const view = useStore(store, (s) => s.view);
  const day = useStore(store, (s) => s.day);
  const blockMinutes = useStore(store, (s) => s.blockMinutes);

  // A phone's forced Day is not a choice: only what is picked on a wider screen is remembered.
  useEffect(() => {
    if (!mobile) saveCalendarPreferences(userId, screen, { view, blockMinutes });
  }, [mobile, userId, screen, view, blockMinutes]);
  useEffect(() => {
    if (mobile && store.getState().view !== 'day') {
      store.getState().setView('day', todayIn(zone));
      store.getState().setDay(todayIn(zone));
    }
  }, [mobile, store, zone]);

  // TimelineDay shows one day; its range and title come from the store's day.
  useEffect(() => {
    if (view === 'timelineDay') store.getState().showRange(dayRange(day), longDayTitle(day));
  }, [view, day, store]);

  const api = () => calendarRef.current?.getApi();
  // A link followed on this screen (the store opened on the first one): go to its day, in a view that shows it.
  const openedOnLink = useRef(location.key);
  useEffect(() => {
    if (!linkedDay || location.key === openedOnLink.current) return;
    openedOnLink.current = location.key;
    const state = store.getState();
    const view = viewShowing(state.view, linkedDay);
    if (view !== state.view) state.setView(view, linkedDay);
    state.setDay(linkedDay);
    api()?.gotoDate(linkedDay);
  }, [linkedDay, location.key, store]);
  const navigation = {
    onView: (next: CalendarView) => store.getState().setView(next, todayIn(zone)),
    onPrev: () => (view === 'timelineDay' ? store.getState().setDay(shiftDay(day, -1)) : api()?.prev()),
    onNext: () => (view === 'timelineDay' ? store.getState().setDay(shiftDay(day, 1)) : api()?.next()),
    onToday: () => (view === 'timelineDay' ? store.getState().setDay(todayIn(zone)) : api()?.today()),
  };
  return { store, calendarRef, zone, mobile, view, day, navigation, workday };
}
