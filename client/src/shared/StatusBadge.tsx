import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A status as a quiet pill: the colour's darkest shade on its lightest tint (at least 4.5:1 for teal,
 * indigo, red and gray). Mantine's light variant given a dark shade ('teal.9') paints the tint in that
 * same shade, hiding the text.
 */
export function StatusBadge({ color, children }: { color: 'teal' | 'indigo' | 'red' | 'gray'; children: ReactNode }) {
  return (
    <Badge
      radius="sm"
      tt="none"
      fw={600}
      styles={{
        root: {
          backgroundColor: `var(--mantine-color-${color}-0)`,
          color: `var(--mantine-color-${color}-9)`,
          border: `1px solid var(--mantine-color-${color}-2)`,
          // A narrow table column or grid cell squeezed it to "Curr…": a status is short, it keeps its width.
          flexShrink: 0,
          minWidth: 'max-content',
        },
        label: { overflow: 'visible' },
      }}
    >
      {children}
    </Badge>
  );
}
