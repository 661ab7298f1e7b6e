import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** The empty state of a table (spec §8 wording). */
export function EmptyResults({
  icon,
  message = 'No results found',
  hint = 'Try another search, or clear the filters.',
}: {
  icon: ReactNode;
  message?: string;
  hint?: string;
}) {
  return (
    <Stack align="center" gap="xs" py={56} px="md">
      <ThemeIcon size={52} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text fw={600} c="navy.8">
        {message}
      </Text>
      <Text size="sm" c="dimmed" ta="center">
        {hint}
      </Text>
    </Stack>
  );
}
