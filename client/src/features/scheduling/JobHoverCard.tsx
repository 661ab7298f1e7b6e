import { Badge, Group, Popover, Stack, Text } from '@mantine/core';
import { IconBuilding, IconClock, IconUsers } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Job } from './jobs';
import { jobSummary } from './jobSummary';

/** How long the pointer rests on an event before its card shows (passing over the board shows nothing). */
const HOVER_DELAY_MS = 250;

export interface HoverAnchor {
  job: Job;
  rect: { top: number; left: number; width: number; height: number };
}

/** A mouse or trackpad: on touch a tap opens the job itself, so there is no card to show. */
const canHover = () => typeof window !== 'undefined' && window.matchMedia('(hover: hover) and (pointer: fine)').matches;

/**
 * The hover card's state for one calendar: `show` when the pointer enters an event's element, `hide`
 * when it leaves, is pressed or the calendar scrolls (the card stays where the event was).
 */
export function useJobHoverCard() {
  const [anchor, setAnchor] = useState<HoverAnchor | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((job: Job, element: Element) => {
    if (!canHover()) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const { top, left, width, height } = element.getBoundingClientRect();
      if (element.isConnected) setAnchor({ job, rect: { top, left, width, height } });
    }, HOVER_DELAY_MS);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setAnchor(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!anchor) return;
    window.addEventListener('scroll', hide, true);
    return () => window.removeEventListener('scroll', hide, true);
  }, [anchor, hide]);
  return { anchor, show, hide };
}

/** Name, time, customer and crew of the event under the pointer, beside it. */
export function JobHoverCard({ anchor, zone }: { anchor: HoverAnchor | null; zone: string }) {
  if (!anchor) return null;
  const summary = jobSummary(anchor.job, zone);
  const { rect } = anchor;
  return (
    <Popover opened position="top" withArrow shadow="md" width={290} withRoles={false} zIndex={400}>
      <Popover.Target>
        <div
          aria-hidden
          style={{ position: 'fixed', ...rect, pointerEvents: 'none', visibility: 'hidden' }}
          data-hover-anchor
        />
      </Popover.Target>
      <Popover.Dropdown
        role="tooltip"
        aria-label={`${summary.name}, ${summary.time}`}
        style={{ pointerEvents: 'none' }}
        p="sm"
      >
        <Stack gap={6}>
          <Group gap={6} wrap="wrap">
            <Text fw={700} c="navy.8" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {summary.name}
            </Text>
            {summary.marks.map((mark) => (
              <Badge key={mark} size="xs" variant="light" color="gray" radius="sm">
                {mark}
              </Badge>
            ))}
          </Group>
          <Line icon={<IconClock size={14} />}>{summary.time}</Line>
          <Line icon={<IconBuilding size={14} />}>
            {summary.where}
            {summary.address && (
              <Text span size="xs" c="dimmed" display="block">
                {summary.address}
              </Text>
            )}
          </Line>
          <Line icon={<IconUsers size={14} />}>{summary.crew.length ? summary.crew.join(', ') : 'Nobody yet'}</Line>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function Line({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Text span c="gray.6" mt={2} style={{ display: 'inline-flex', flexShrink: 0 }}>
        {icon}
      </Text>
      <Text size="xs" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
