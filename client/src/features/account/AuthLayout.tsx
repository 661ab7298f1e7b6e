import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconClockHour4 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../app/paths';

/** The frame of the signed-out pages: brand, a card with the form, nothing else to distract. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);
  return (
    <Box
      mih="100vh"
      style={{ background: 'linear-gradient(180deg, #0D1B41 0, #0D1B41 280px, var(--app-page-bg) 280px)' }}
    >
      <Center px="md" py={{ base: 32, xs: 64 }}>
        <Stack w="100%" maw={440} gap="lg">
          <Group gap="xs" justify="center">
            <ThemeIcon size={38} radius="md" color="white" variant="white">
              <IconClockHour4 size={24} color="#0D1B41" />
            </ThemeIcon>
            <Text fw={700} fz={22} c="white">
              {PRODUCT_NAME}
            </Text>
          </Group>
          <Paper withBorder shadow="md" p={{ base: 'lg', xs: 32 }} radius="lg">
            <Stack gap={4} mb="lg">
              <Title order={1} fz={24} c="navy.8">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
