import { Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';

/** The organization's logo above its name, on a white tile (a dark logo would vanish on the navy band). */
function Logo({ url, organization }: { url: string; organization: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <Center>
      <Box bg="white" p={6} style={{ borderRadius: 8, lineHeight: 0 }}>
        <img
          src={url}
          alt={`${organization} logo`}
          onError={() => setFailed(true)}
          style={{ display: 'block', maxHeight: 48, maxWidth: 220, objectFit: 'contain' }}
        />
      </Box>
    </Center>
  );
}

/** A public booking page's frame: the organization's logo and name over a card, nothing of the staff's app. */
export function PublicFrame({
  title,
  organization,
  logoUrl,
  wide = false,
  children,
}: {
  title: string;
  organization?: string;
  logoUrl?: string | null;
  wide?: boolean;
  children: ReactNode;
}) {
  useDocumentTitle(organization ? `${title} · ${organization}` : title);
  return (
    <Box
      component="main"
      mih="100vh"
      style={{ background: 'linear-gradient(180deg, #0D1B41 0, #0D1B41 220px, var(--app-page-bg) 220px)' }}
    >
      <Center px="md" py={{ base: 32, xs: 56 }}>
        <Stack w="100%" maw={wide ? 640 : 520} gap="lg">
          <Stack gap="sm">
            {logoUrl && organization && <Logo url={logoUrl} organization={organization} />}
            <Text fw={700} fz={22} c="white" ta="center">
              {organization ?? '\u00a0'}
            </Text>
          </Stack>
          <Paper withBorder shadow="md" p={{ base: 'lg', xs: 32 }} radius="lg">
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}

export function Notice({
  icon,
  title,
  color = 'teal',
  children,
}: {
  icon: ReactNode;
  title: string;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Stack align="center" ta="center" gap="sm" py="md">
      <ThemeIcon size={56} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Title order={1} fz={22} c="navy.8">
        {title}
      </Title>
      <Text c="gray.7">{children}</Text>
    </Stack>
  );
}
