import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LegendItem {
  label: string;
  /** A colour swatch, or an icon for what is not a colour (time and mileage submitted). */
  color?: string;
  icon?: ReactNode;
  /** A pale shade (availability) rather than a solid swatch. */
  shade?: boolean;
  /** A caption before the items that follow it ('Lead employee:'), no swatch. */
  caption?: boolean;
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
          <Group key={item.label} gap={6} wrap="nowrap" role="listitem">
            {item.icon ?? (
              <Box
                w={14}
                h={14}
                style={{
                  borderRadius: 4,
                  flexShrink: 0,
                  background: item.shade ? `color-mix(in srgb, ${item.color} 18%, white)` : item.color,
                  border: item.shade ? `1px solid ${item.color}` : undefined,
                }}
              />
            )}
            <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
              {item.label}
            </Text>
          </Group>
        ),
      )}
    </Group>
  );
}
