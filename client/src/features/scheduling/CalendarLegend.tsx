import { Box, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FLAG_TEXT_COLOR } from '../users/colourPalette';

export interface LegendItem {
  label: string;
  /** A colour swatch, or an icon for what is not a colour (time and mileage submitted). */
  color?: string;
  icon?: ReactNode;
  /** A pale shade (availability) rather than a solid swatch. */
  shade?: boolean;
  /** A caption before the items that follow it ('Lead employee:'), no swatch. */
  caption?: boolean;
  /** Something to act on (people still on the default colour): a dashed orange ring and the hint's icon. */
  flagged?: boolean;
  /** Said on hover or focus of the item's info icon. */
  hint?: string;
}

/** What the calendar's colours and marks mean. */
export function CalendarLegend({ items, label = 'Legend' }: { items: LegendItem[]; label?: string }) {
  return (
    <Group gap="md" style={{ rowGap: 6 }} aria-label={label} role="list">
      {items.map((item) =>
        item.caption ? (
          <Text key={item.label} size="xs" fw={600} c="gray.7" ml={4} role="listitem">
            {item.label}
          </Text>
        ) : (
          <Group key={item.label} gap={6} wrap="nowrap" role="listitem" data-flagged={item.flagged || undefined}>
            {item.icon ?? (
              <Box
                w={14}
                h={14}
                style={{
                  borderRadius: 4,
                  flexShrink: 0,
                  background: item.shade ? `color-mix(in srgb, ${item.color} 18%, white)` : item.color,
                  border: item.shade ? `1px solid ${item.color}` : undefined,
                  outline: item.flagged ? '2px dashed var(--mantine-color-orange-6)' : undefined,
                  outlineOffset: 1,
                }}
              />
            )}
            <Text
              size="xs"
              c={item.flagged ? FLAG_TEXT_COLOR : 'gray.7'}
              fw={item.flagged ? 600 : undefined}
              // A flagged entry names people: it may wrap on a phone rather than run off the screen.
              style={{ whiteSpace: item.flagged ? 'normal' : 'nowrap' }}
            >
              {item.label}
            </Text>
            {item.hint && (
              <Tooltip label={item.hint} withArrow multiline w={260}>
                <UnstyledButton
                  aria-label={item.hint}
                  style={{ display: 'inline-flex', color: 'var(--mantine-color-orange-7)', cursor: 'help' }}
                >
                  <IconInfoCircle size={15} />
                </UnstyledButton>
              </Tooltip>
            )}
          </Group>
        ),
      )}
    </Group>
  );
}
