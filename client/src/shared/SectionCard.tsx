import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A white card with a titled header: the building block of settings-like screens. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder shadow="xs" p={0}>
      <Stack gap={2} px={{ base: 'md', xs: 'lg' }} py="md">
        <Title order={4} fz={16} c="navy.8">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      <Divider color="var(--app-border)" />
      <Stack gap="md" px={{ base: 'md', xs: 'lg' }} py="lg">
        {children}
      </Stack>
    </Paper>
  );
}
