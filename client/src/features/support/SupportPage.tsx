import { Button, CopyButton, Grid, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconMail } from '@tabler/icons-react';
import { useAppStore } from '../../app/store';
import { PageHeader } from '../../shared/PageHeader';
import { SectionCard } from '../../shared/SectionCard';
import { AccessDenied } from '../session/AccessDenied';
import { useIsCompanyAdmin } from '../session/session';
import { supportDetails, supportMailto } from './supportDetails';

/** Support (Company Admin only): how to reach the provider's support, and the details they will ask for. */
export function SupportPage() {
  const isCompanyAdmin = useIsCompanyAdmin();
  const session = useAppStore((s) => s.session);
  if (!isCompanyAdmin || !session) return <AccessDenied />;
  const details = supportDetails(session, navigator.userAgent);
  const email = session.support?.email ?? null;
  const text = details.map(([label, value]) => `${label}: ${value}`).join('\n');

  return (
    <>
      <PageHeader title="Support" description="Get help with CrewClock for your organization." />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SectionCard title="Contact support">
            {email ? (
              <Stack gap="sm">
                <Text size="sm">Write to our support team. The details on this page are added to your message.</Text>
                <Group>
                  <Button
                    component="a"
                    href={supportMailto(email, session.company.name, text)}
                    leftSection={<IconMail size={16} />}
                  >
                    Email support
                  </Button>
                  <Text size="sm" c="dimmed">
                    {email}
                  </Text>
                </Group>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Your CrewClock provider has not set up a support address yet. Send them the details on this page when
                you ask for help.
              </Text>
            )}
          </SectionCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SectionCard title="Details support will ask for">
            <Table verticalSpacing={6} withRowBorders={false}>
              <Table.Tbody>
                {details.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Td w="35%">
                      <Text size="sm" c="dimmed">
                        {label}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {value}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="flex-end">
              <CopyButton value={text}>
                {({ copied, copy }) => (
                  <Button
                    variant="default"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  >
                    {copied ? 'Copied' : 'Copy details'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </SectionCard>
        </Grid.Col>
      </Grid>
    </>
  );
}
