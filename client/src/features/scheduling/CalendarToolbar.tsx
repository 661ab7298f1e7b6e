import { ActionIcon, Button, Group, SegmentedControl, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CALENDAR_VIEWS, type CalendarView } from './calendarViews';

interface CalendarToolbarProps {
  title: string;
  views: CalendarView[];
  view: CalendarView;
  onView: (view: CalendarView) => void;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  /** Below 600 px the views are a select rather than a row of buttons. */
  compact: boolean;
  /** More controls after the view (the schedule's "As of…"). */
  extra?: ReactNode;
}

/** Above a calendar: today and back/forward, what is shown, and the view. */
export function CalendarToolbar({
  title,
  views,
  view,
  onView,
  onPrev,
  onNext,
  onToday,
  compact,
  extra,
}: CalendarToolbarProps) {
  const options = views.map((v) => ({ value: v, label: CALENDAR_VIEWS[v].label }));
  const navigation = (
    <Group gap={6} wrap="nowrap">
      <Button variant="default" size="xs" onClick={onToday}>
        Today
      </Button>
      <Tooltip label="Previous">
        <ActionIcon variant="default" size={30} aria-label="Previous" onClick={onPrev}>
          <IconChevronLeft size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Next">
        <ActionIcon variant="default" size={30} aria-label="Next" onClick={onNext}>
          <IconChevronRight size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
  const heading = (
    <Text fw={650} c="navy.8" fz={compact ? 'sm' : 'md'} aria-live="polite">
      {title}
    </Text>
  );
  if (compact) {
    // A phone: buttons and the view on one line, what is shown under them.
    return (
      <Stack gap={6} p="sm">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          {navigation}
          <Select
            aria-label="Calendar view"
            data={options}
            value={view}
            onChange={(v) => v && onView(v as CalendarView)}
            allowDeselect={false}
            size="xs"
            w={140}
          />
        </Group>
        {heading}
        {extra}
      </Stack>
    );
  }
  return (
    <Group justify="space-between" gap="sm" p="sm" wrap="wrap">
      <Group gap={12} wrap="nowrap">
        {navigation}
        {heading}
      </Group>
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Calendar view"
          data={options}
          value={view}
          onChange={(v) => onView(v as CalendarView)}
          size="xs"
        />
        {extra}
      </Group>
    </Group>
  );
}
