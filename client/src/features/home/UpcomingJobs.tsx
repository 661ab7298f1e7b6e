import { Anchor, Box, Divider, Paper, Skeleton, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { SkeletonRows } from '../../shared/SkeletonRows';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Fragment } from 'react';
import { EmptyResults } from '../../shared/EmptyResults';
import { QueryError } from '../../shared/QueryError';
import type { AsOf } from '../../shared/asOf';
import { customerAddress, mapsUrl, type Job } from '../scheduling/jobs';
import { dayLabel, timeLabel } from '../scheduling/zonedTime';
import { useUpcomingJobs } from './homeApi';

/** Own upcoming jobs (the next 30 days), times in the company's zone. A row opens the job. */
export function UpcomingJobs({
  zone,
  compact,
  asOf = null,
  onOpen,
}: {
  zone: string;
  compact: boolean;
  /** As of a moment: the upcoming jobs as they stood then. */
  asOf?: AsOf | null;
  onOpen: (job: Job) => void;
}) {
  const upcoming = useUpcomingJobs(asOf);
  const jobs = upcoming.data;
  return (
    <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
      <Box px={{ base: 'md', xs: 'lg' }} py="md">
        <Title order={4} fz={16} c="navy.8">
          Upcoming jobs
        </Title>
        <Text size="sm" c="dimmed">
          Your jobs in the next 30 days.
        </Text>
      </Box>
      <Divider color="var(--app-border)" />
      {upcoming.isError ? (
        <Box p="md">
          <QueryError error={upcoming.error} onRetry={() => void upcoming.refetch()} />
        </Box>
      ) : jobs && jobs.length === 0 ? (
        <EmptyResults icon={<IconCalendarEvent size={26} />} hint="Jobs you are assigned to will appear here." />
      ) : compact ? (
        <Stack gap={0}>
          {(jobs ?? []).map((job, index) => (
            <Fragment key={job.id}>
              {index > 0 && <Divider color="var(--app-border)" />}
              <UnstyledButton p="md" onClick={() => onOpen(job)}>
                <Text size="xs" c="dimmed" fw={600}>
                  {dayLabel(job.startDateTime, zone)} · {timeLabel(job.startDateTime, zone)}–
                  {timeLabel(job.endDateTime, zone)}
                </Text>
                <Text fw={600} c="navy.8">
                  {job.name}
                </Text>
                <Text size="sm">{job.customer?.name ?? 'Internal'}</Text>
                {customerAddress(job.customer) && (
                  <Text size="sm" c="dimmed">
                    {customerAddress(job.customer)}
                  </Text>
                )}
              </UnstyledButton>
            </Fragment>
          ))}
          {!jobs && <Skeletons />}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Date and time</Table.Th>
                <Table.Th>Job</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Address</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs ? (
                jobs.map((job) => {
                  const address = customerAddress(job.customer);
                  return (
                    <Table.Tr key={job.id} style={{ cursor: 'pointer' }} onClick={() => onOpen(job)}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm" fw={600}>
                          {dayLabel(job.startDateTime, zone)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {timeLabel(job.startDateTime, zone)} – {timeLabel(job.endDateTime, zone)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <UnstyledButton onClick={() => onOpen(job)} fw={600} c="navy.8" fz="sm">
                          {job.name}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{job.customer?.name ?? 'Internal'}</Text>
                      </Table.Td>
                      <Table.Td>
                        {address ? (
                          <Anchor
                            href={mapsUrl(address)}
                            target="_blank"
                            rel="noopener noreferrer"
                            size="sm"
                            onClick={(e) => e.stopPropagation()}
                          >
                            {address}
                          </Anchor>
                        ) : (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })
              ) : (
                <SkeletonRows rows={3} columns={4} />
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function Skeletons() {
  return (
    <Stack p="md" gap="lg">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} h={48} />
      ))}
    </Stack>
  );
}
