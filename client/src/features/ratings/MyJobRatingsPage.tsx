import { Badge, Box, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconStar } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useAppStore } from '../../app/store';
import { MOBILE_QUERY } from '../../app/theme';
import { EmptyResults } from '../../shared/EmptyResults';
import { PageHeader } from '../../shared/PageHeader';
import { QueryError } from '../../shared/QueryError';
import { SkeletonRows } from '../../shared/SkeletonRows';
import { TablePager } from '../../shared/TablePager';
import { JobStars } from './RatingStars';
import { dayLabel } from '../scheduling/zonedTime';
import { MY_RATINGS_PAGE_SIZE, NO_COMMENTS, type Rating as JobRating } from './ratings';
import { useMyRatings } from './ratingsApi';

/** What a row opens to: the customer's comment (spec §8: or 'No comments were provided'), and whether a manager edited it. */
function Comment({ rating }: { rating: JobRating }) {
  return (
    <Stack gap={4} py="xs">
      <Text size="sm" c={rating.comments ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
        {rating.comments || NO_COMMENTS}
      </Text>
      {rating.edited && (
        <Text size="xs" c="gray.7">
          Edited by a manager
        </Text>
      )}
    </Stack>
  );
}

/** My Job Ratings (spec §2): ratings of the jobs I worked on, newest first; a row opens its comment. Live. */
export function MyJobRatingsPage() {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const [page, setPage] = useState(1);
  const ratings = useMyRatings(page);
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [open, setOpen] = useState<string | null>(null);
  const rows = ratings.data?.resultItems;
  const total = ratings.data?.totalRecords ?? 0;
  const toggle = (id: string) => setOpen((current) => (current === id ? null : id));

  return (
    <>
      <PageHeader title="My Job Ratings" description="What customers said about the jobs you worked on." />
      {ratings.isError ? (
        <QueryError error={ratings.error} onRetry={() => void ratings.refetch()} />
      ) : (
        <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
          {rows && rows.length === 0 ? (
            <EmptyResults icon={<IconStar size={26} />} hint="Ratings customers give your jobs will appear here." />
          ) : mobile ? (
            <Stack component="ul" gap={0} p={0} m={0} aria-label="My job ratings" style={{ listStyle: 'none' }}>
              {(rows ?? []).map((rating, index) => (
                <Box
                  component="li"
                  key={rating.id}
                  style={index ? { borderTop: '1px solid var(--app-border)' } : undefined}
                >
                  <UnstyledButton w="100%" p="md" onClick={() => toggle(rating.id)} aria-expanded={open === rating.id}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div>
                        <Text size="xs" c="gray.7" fw={600}>
                          {dayLabel(rating.jobDate, zone)}
                        </Text>
                        <Text fw={600} c="navy.8">
                          {rating.jobName}
                        </Text>
                        <Text size="sm">{rating.customerName}</Text>
                      </div>
                      <JobStars rating={rating.rating} none="No stars" />
                    </Group>
                  </UnstyledButton>
                  {open === rating.id && (
                    <Box px="md" pb="md">
                      <Comment rating={rating} />
                    </Box>
                  )}
                </Box>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={640} type="native">
              <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="My job ratings">
                <Table.Thead bg="gray.0">
                  <Table.Tr>
                    <Table.Th w={36} />
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Job</Table.Th>
                    <Table.Th>Job date</Table.Th>
                    <Table.Th>Rating</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows === undefined ? (
                    <SkeletonRows rows={4} columns={5} />
                  ) : (
                    rows.map((rating) => {
                      const expanded = open === rating.id;
                      const Chevron = expanded ? IconChevronDown : IconChevronRight;
                      return (
                        <Fragment key={rating.id}>
                          <Table.Tr style={{ cursor: 'pointer' }} onClick={() => toggle(rating.id)}>
                            <Table.Td>
                              <UnstyledButton
                                aria-expanded={expanded}
                                aria-label={`${expanded ? 'Hide' : 'Show'} the comment on ${rating.jobName}`}
                                onClick={(event) => {
                                  event.stopPropagation();
                                  toggle(rating.id);
                                }}
                              >
                                <Chevron size={16} />
                              </UnstyledButton>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{rating.customerName}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Group gap={6}>
                                <Text size="sm" fw={600} c="navy.8">
                                  {rating.jobName}
                                </Text>
                                {rating.edited && (
                                  <Badge size="xs" variant="outline" color="gray" radius="sm">
                                    Edited
                                  </Badge>
                                )}
                              </Group>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{dayLabel(rating.jobDate, zone)}</Text>
                            </Table.Td>
                            <Table.Td>
                              <JobStars rating={rating.rating} none="No stars" />
                            </Table.Td>
                          </Table.Tr>
                          {expanded && (
                            <Table.Tr>
                              <Table.Td />
                              <Table.Td colSpan={4}>
                                <Comment rating={rating} />
                              </Table.Td>
                            </Table.Tr>
                          )}
                        </Fragment>
                      );
                    })
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <TablePager page={page} pageSize={MY_RATINGS_PAGE_SIZE} total={total} onPage={setPage} compact={mobile} />
        </Paper>
      )}
    </>
  );
}
