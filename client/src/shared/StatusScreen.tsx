import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME, paths } from '../app/paths';

/** A full-width message with a way back Home (404, no access). */
export function StatusScreen({ icon, title, message }: { icon: ReactNode; title: string; message: string }) {
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);
  return (
    <Center py={{ base: 48, xs: 96 }}>
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="navy">
          {icon}
        </ThemeIcon>
        <Title order={2} c="navy.8" fz={24}>
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        <Button component={Link} to={paths.home} mt="sm">
          Go to Home
        </Button>
      </Stack>
    </Center>
  );
}
