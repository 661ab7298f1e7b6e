import { ActionIcon, Alert, Button, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconWorld } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DateTime } from 'luxon';
import { QueryError } from '../../shared/QueryError';
import { todayIn } from '../scheduling/zonedTime';
import {
  addDays,
  dualTimeLabel,
  SLOT_PAGE_DAYS,
  slotPage,
  slotsByDay,
  slotsUrl,
  visitorZone,
  zoneName,
  zonesDiffer,
  type Slot,
} from './booking';
import { useSlots } from './bookingApi';
import classes from './booking.module.css';

/** Times shown per day before "more": fourteen days of a full day's times are a long scroll on a phone. */
const FEW = 6;

/**
 * The link's free slots, two weeks at a time, by day in the organization's zone (and the visitor's, when it differs).
 * `urlOf`: another call's slots of that shape (a booked visit's own, which say who takes each).
 */
export function SlotPicker<S extends Slot = Slot>({
  linkId,
  urlOf,
  zone,
  selected,
  onPick,
}: {
  linkId: string;
  urlOf?: (from: string, to: string) => string;
  zone: string;
  selected?: string | null;
  onPick: (slot: S) => void;
}) {
  const today = todayIn(zone);
  const [from, setFrom] = useState(today);
  const page = slotPage(from);
  const url = urlOf ? urlOf(page.from, page.to) : slotsUrl(linkId, page.from, page.to);
  const slots = useSlots<S>(url);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const mine = visitorZone();
  const days = useMemo(() => slotsByDay(slots.data?.slots ?? [], zone), [slots.data, zone]);
  const differs = zonesDiffer(DateTime.now().toISO(), zone, mine);
  const rangeLabel = `${DateTime.fromISO(page.from).toFormat('LLL d')} – ${DateTime.fromISO(page.to).toFormat('LLL d')}`;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} c="navy.8" aria-live="polite">
          {rangeLabel}
        </Text>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label="Earlier"
            disabled={from <= today}
            onClick={() => setFrom((f) => (addDays(f, -SLOT_PAGE_DAYS) < today ? today : addDays(f, -SLOT_PAGE_DAYS)))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button
            variant="subtle"
            size="compact-sm"
            rightSection={<IconChevronRight size={16} />}
            onClick={() => setFrom((f) => addDays(f, SLOT_PAGE_DAYS))}
          >
            Next 2 weeks
          </Button>
        </Group>
      </Group>
      <Group gap={6} wrap="nowrap">
        <IconWorld size={16} color="var(--mantine-color-gray-7)" aria-hidden />
        <Text size="xs" c="gray.7">
          Times are in {zoneName(zone)} time{differs ? `; yours (${zoneName(mine)}) in brackets` : ''}.
        </Text>
      </Group>
      {slots.isError && <QueryError error={slots.error} onRetry={() => void slots.refetch()} />}
      {slots.isPending ? (
        <Stack gap="sm">
          <Skeleton h={20} w="40%" />
          <Skeleton h={36} />
          <Skeleton h={20} w="40%" />
          <Skeleton h={36} />
        </Stack>
      ) : (
        !slots.isError &&
        (days.length === 0 ? (
          <Alert color="gray" variant="light">
            No free times in these two weeks. Try the next two weeks.
          </Alert>
        ) : (
          <Stack gap="lg" style={{ opacity: slots.isPlaceholderData ? 0.6 : 1 }} aria-busy={slots.isFetching}>
            {days.map((day) => (
              <Stack key={day.date} gap={8}>
                <Title order={2} fz={15} c="navy.8">
                  {day.label}
                </Title>
                <div className={classes.slots}>
                  {(expanded.has(day.date) ? day.slots : day.slots.slice(0, FEW)).map((slot) => (
                    <UnstyledButton
                      key={slot.start}
                      className={classes.slot}
                      data-selected={selected === slot.start || undefined}
                      aria-pressed={selected === slot.start}
                      onClick={() => onPick(slot as S)}
                    >
                      <SlotLabel label={dualTimeLabel(slot.start, zone, mine)} />
                    </UnstyledButton>
                  ))}
                </div>
                {day.slots.length > FEW && !expanded.has(day.date) && (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    style={{ alignSelf: 'flex-start' }}
                    aria-label={`Show ${day.slots.length - FEW} more times on ${day.label}`}
                    onClick={() => setExpanded((open) => new Set(open).add(day.date))}
                  >
                    Show {day.slots.length - FEW} more
                  </Button>
                )}
              </Stack>
            ))}
          </Stack>
        ))
      )}
    </Stack>
  );
}

/** '9:00 AM (3:00 PM your time)' on two lines: the organization's time, the visitor's below it, smaller. */
function SlotLabel({ label }: { label: string }) {
  const at = label.indexOf(' (');
  if (at < 0) return label;
  return (
    <>
      {label.slice(0, at)}
      <span className={classes.yours}>{label.slice(at + 1)}</span>
    </>
  );
}
