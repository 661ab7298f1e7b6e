import { Box, Divider, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { SkeletonRows } from '../../shared/SkeletonRows';
import { useMediaQuery } from '@mantine/hooks';
import { IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { MOBILE_QUERY } from '../../app/theme';
import { TablePager } from '../../shared/TablePager';
import { QueryError } from '../../shared/QueryError';
import { timeRangeLabel } from '../scheduling/zonedTime';
import { CUSTOMER_JOBS_PAGE_SIZE } from '../../../../src/shared/paging';
import type { CustomerJob } from './customers';
import { useCustomerJobs } from './customersApi';
import { JobStars } from './RatingStars';

const staffOf = (job: CustomerJob) => {
  const names = [job.leadUser?.fullName, ...job.users.map((u) => u.fullName)].filter((n): n is string => !!n);
  return [...new Set(names)].join(', ') || 'Unassigned';
};

/** Jobs & Ratings (spec §2): the customer's jobs and occurrences, newest first, 10 a page, with their ratings. */
export function CustomerJobs({ customerId, zone }: { customerId: string; zone: string }) {
  const [page, setPage] = useState(1);
  const jobs = useCustomerJobs(customerId, page);
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const rows = jobs.data?.resultItems;
  const total = jobs.data?.totalRecords ?? 0;

  return (
    <Paper
      withBorder
      shadow="xs"
      style={{ overflow: 'hidden' }}
      component="section"
      aria-labelledby="customer-jobs-title"
    >
      <Box px={{ base: 'md', xs: 'lg' }} py="md">
        <Title order={3} fz={16} c="navy.8" id="customer-jobs-title">
          Jobs & Ratings
        </Title>
        <Text size="sm" c="dimmed">
          Past and upcoming jobs for this customer, newest first.
        </Text>
      </Box>
      <Divider color="var(--app-border)" />
      {jobs.isError ? (
        <Box p="md">
          <QueryError error={jobs.error} onRetry={() => void jobs.refetch()} />
        </Box>
      ) : rows && rows.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xl">
          No results found
        </Text>
      ) : mobile ? (
        <Stack component="ul" gap={0} p={0} m={0} aria-label="Jobs" style={{ listStyle: 'none' }}>
          {(rows ?? []).map((job, index) => (
            <Box
              component="li"
              key={job.id}
              p="md"
              style={index ? { borderTop: '1px solid var(--app-border)' } : undefined}
            >
              <Text size="xs" c="gray.7" fw={600}>
                {timeRangeLabel(job.startDateTime, job.endDateTime, zone)}
              </Text>
              <Group gap={6}>
                <Text fw={600} c="navy.8">
                  {job.name}
                </Text>
                {job.isRecurring && <IconRepeat size={14} aria-label="Recurring" />}
              </Group>
              <Text size="sm">{staffOf(job)}</Text>
              <JobStars rating={job.rating} />
            </Box>
          ))}
          {!rows && <Skeleton h={48} m="md" />}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-labelledby="customer-jobs-title">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Job</Table.Th>
                <Table.Th>Assigned staff</Table.Th>
                <Table.Th>Rating</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(rows ?? []).map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {timeRangeLabel(job.startDateTime, job.endDateTime, zone)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600} c="navy.8">
                        {job.name}
                      </Text>
                      {job.isRecurring && <IconRepeat size={14} aria-label="Recurring" />}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{staffOf(job)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <JobStars rating={job.rating} />
                  </Table.Td>
                </Table.Tr>
              ))}
              {!rows && <SkeletonRows rows={3} columns={4} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TablePager page={page} pageSize={CUSTOMER_JOBS_PAGE_SIZE} total={total} onPage={setPage} compact={mobile} />
    </Paper>
  );
}
