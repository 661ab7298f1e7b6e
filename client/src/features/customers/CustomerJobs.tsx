import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { SkeletonRows } from '../../shared/SkeletonRows';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCalendar,
  IconChevronDown,
  IconChevronRight,
  IconHistory,
  IconPencil,
  IconRepeat,
} from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { MOBILE_QUERY } from '../../app/theme';
import { HistoryModal } from '../../shared/History';
import { TablePager } from '../../shared/TablePager';
import { QueryError } from '../../shared/QueryError';
import { timeRangeLabel } from '../scheduling/zonedTime';
import { CUSTOMER_JOBS_PAGE_SIZE } from '../../../../src/shared/paging';
import { historyUrl } from '../audit/audit';
import { NO_COMMENTS } from '../ratings/ratings';
import { apiDay, pickerDay } from '../timers/timers';
import { customerJobsDefaultDays, customerJobWhen, type CustomerJob, type CustomerJobsDays } from './customers';
import { useCustomerJobs } from './customersApi';
import { EditRatingModal, OriginalReview, type ReviewedJob } from '../ratings/EditRatingModal';
import { JobStars } from '../ratings/RatingStars';

const staffOf = (job: CustomerJob) => {
  const names = [job.leadUser?.fullName, ...job.users.map((u) => u.fullName)].filter((n): n is string => !!n);
  return [...new Set(names)].join(', ') || 'Unassigned';
};

const reviewed = (job: CustomerJob): job is ReviewedJob => job.review !== null;

/** A job's stars ('No stars' once answered without any), and the mark of a manager's edit. */
function JobRating({ job }: { job: CustomerJob }) {
  return (
    <Group gap={8} wrap="nowrap">
      <JobStars rating={job.rating} none={job.review ? 'No stars' : 'Not rated'} />
      {job.review?.edited && (
        <Badge size="xs" variant="outline" color="gray.7" radius="sm">
          Edited
        </Badge>
      )}
    </Group>
  );
}

/** What a rated row opens to: the comment as it stands and, once a manager edited it, the customer's original. */
function Review({ job }: { job: ReviewedJob }) {
  const { comments, edited, original } = job.review;
  return (
    <Stack gap="xs" py={4}>
      <Text size="sm" c={comments ? undefined : 'gray.7'} style={{ whiteSpace: 'pre-wrap' }}>
        {comments || NO_COMMENTS}
      </Text>
      {edited && (
        <>
          <Text size="xs" c="gray.7">
            Edited by a manager
          </Text>
          <OriginalReview original={original} />
        </>
      )}
    </Stack>
  );
}

const PART_LABEL = { upcoming: 'Today and upcoming', past: 'Past' } as const;

/** Where a part of the list begins on this page: its first row, or the first row of the page. */
const partStarts = (rows: CustomerJob[], index: number, zone: string) =>
  index === 0 ||
  customerJobWhen(rows[index - 1].startDateTime, zone) !== customerJobWhen(rows[index].startDateTime, zone);

/**
 * Jobs & Ratings (spec §2, issue #26): the customer's jobs and occurrences with their ratings, 10 a page, opening on
 * today: 30 days back to 60 ahead unless other dates are picked, today's and upcoming visits first (soonest first),
 * then past ones (latest first), as field-service apps list a client's visits.
 */
export function CustomerJobs({ customerId, zone }: { customerId: string; zone: string }) {
  const [page, setPage] = useState(1);
  const [days, setDays] = useState<CustomerJobsDays>(() => customerJobsDefaultDays(zone));
  const jobs = useCustomerJobs(customerId, page, days);
  const pickDays = (next: CustomerJobsDays) => {
    setDays(next);
    setPage(1);
  };
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const rows = jobs.data?.resultItems;
  const total = jobs.data?.totalRecords ?? 0;
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<ReviewedJob | null>(null);
  const [history, setHistory] = useState<CustomerJob | null>(null);
  const toggle = (id: string) => setOpen((current) => (current === id ? null : id));
  const editButton = (job: ReviewedJob) => (
    <Tooltip label="Edit rating">
      <ActionIcon variant="subtle" aria-label={`Edit the rating of ${job.name}`} onClick={() => setEditing(job)}>
        <IconPencil size={16} />
      </ActionIcon>
    </Tooltip>
  );
  const historyButton = (job: CustomerJob) => (
    <Tooltip label="Rating history">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`History of the rating of ${job.name}`}
        onClick={() => setHistory(job)}
      >
        <IconHistory size={16} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Paper
      withBorder
      shadow="xs"
      style={{ overflow: 'hidden' }}
      component="section"
      aria-labelledby="customer-jobs-title"
    >
      <Group px={{ base: 'md', xs: 'lg' }} py="md" justify="space-between" align="flex-end" gap="sm">
        <Box>
          <Title order={3} fz={16} c="navy.8" id="customer-jobs-title">
            Jobs & Ratings
          </Title>
          <Text size="sm" c="dimmed">
            Today and upcoming visits first, then past ones.
          </Text>
        </Box>
        <DatePickerInput
          type="range"
          label="Dates"
          valueFormat="MMM D, YYYY"
          allowSingleDateInRange
          value={[pickerDay(days.fromDate), pickerDay(days.toDate)]}
          onChange={([from, to]) => from && to && pickDays({ fromDate: apiDay(from), toDate: apiDay(to) })}
          leftSection={<IconCalendar size={16} />}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      <Divider color="var(--app-border)" />
      {jobs.isError ? (
        <Box p="md">
          <QueryError error={jobs.error} onRetry={() => void jobs.refetch()} />
        </Box>
      ) : rows && rows.length === 0 ? (
        <Stack gap={2} align="center" py="xl">
          <Text size="sm" c="dimmed">
            No results found
          </Text>
          <Text size="xs" c="dimmed">
            No jobs on these dates: pick other dates above.
          </Text>
        </Stack>
      ) : mobile ? (
        <Stack component="ul" gap={0} p={0} m={0} aria-label="Jobs" style={{ listStyle: 'none' }}>
          {(rows ?? []).map((job, index) => (
            <Box
              component="li"
              key={job.id}
              p="md"
              style={index ? { borderTop: '1px solid var(--app-border)' } : undefined}
            >
              {partStarts(rows!, index, zone) && (
                <Text size="xs" tt="uppercase" fw={700} c="gray.7" mb={6}>
                  {PART_LABEL[customerJobWhen(job.startDateTime, zone)]}
                </Text>
              )}
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
              <Group justify="space-between" wrap="nowrap" mt={4}>
                <JobRating job={job} />
                {reviewed(job) && (
                  <Group gap={4} wrap="nowrap">
                    {historyButton(job)}
                    <Button
                      variant="light"
                      size="compact-sm"
                      leftSection={<IconPencil size={14} />}
                      aria-label={`Edit the rating of ${job.name}`}
                      onClick={() => setEditing(job)}
                    >
                      Edit
                    </Button>
                  </Group>
                )}
              </Group>
              {reviewed(job) && <Review job={job} />}
            </Box>
          ))}
          {!rows && (
            // Inside an item: a list holds only items, loading or not (axe: list).
            <Box component="li" aria-busy="true">
              <Skeleton h={48} m="md" />
            </Box>
          )}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-labelledby="customer-jobs-title">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th w={36}>
                  <VisuallyHidden>Review</VisuallyHidden>
                </Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Job</Table.Th>
                <Table.Th>Assigned staff</Table.Th>
                <Table.Th>Rating</Table.Th>
                <Table.Th w={88}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(rows ?? []).map((job, index) => {
                const expanded = open === job.id && reviewed(job);
                const Chevron = expanded ? IconChevronDown : IconChevronRight;
                return (
                  <Fragment key={job.id}>
                    {partStarts(rows!, index, zone) && (
                      <Table.Tr bg="gray.0">
                        <Table.Td colSpan={6} py={6}>
                          <Text size="xs" tt="uppercase" fw={700} c="gray.7">
                            {PART_LABEL[customerJobWhen(job.startDateTime, zone)]}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    )}
                    <Table.Tr>
                      <Table.Td>
                        {reviewed(job) && (
                          <UnstyledButton
                            aria-expanded={expanded}
                            aria-label={`${expanded ? 'Hide' : 'Show'} the review of ${job.name}`}
                            onClick={() => toggle(job.id)}
                          >
                            <Chevron size={16} />
                          </UnstyledButton>
                        )}
                      </Table.Td>
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
                        <JobRating job={job} />
                      </Table.Td>
                      <Table.Td>
                        {reviewed(job) && (
                          <Group gap={2} wrap="nowrap">
                            {historyButton(job)}
                            {editButton(job)}
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                    {expanded && reviewed(job) && (
                      <Table.Tr>
                        <Table.Td />
                        <Table.Td colSpan={5}>
                          <Review job={job} />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
              {!rows && <SkeletonRows rows={3} columns={6} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TablePager page={page} pageSize={CUSTOMER_JOBS_PAGE_SIZE} total={total} onPage={setPage} compact={mobile} />
      {editing && <EditRatingModal job={editing} onClose={() => setEditing(null)} />}
      {history && (
        <HistoryModal
          title={`Rating history of ${history.name}`}
          url={historyUrl.rating(history.id)}
          emptyHint="Nothing has been recorded for this rating yet."
          onClose={() => setHistory(null)}
        />
      )}
    </Paper>
  );
}
