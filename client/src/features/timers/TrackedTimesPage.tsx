import {
  ActionIcon,
  Badge,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowUp,
  IconCalendar,
  IconClockHour4,
  IconPencil,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { ApiError, errorMessage } from '../../app/api';
import { useAppStore } from '../../app/store';
import { MOBILE_QUERY } from '../../app/theme';
import { confirmDelete } from '../../shared/confirmDelete';
import { EmptyResults } from '../../shared/EmptyResults';
import { notifyError, notifySuccess } from '../../shared/notify';
import { PageHeader } from '../../shared/PageHeader';
import { TablePager } from '../../shared/TablePager';
import { createPagedQueryStore } from '../../shared/pagedQueryStore';
import { QueryError } from '../../shared/QueryError';
import { SkeletonRows } from '../../shared/SkeletonRows';
import { useConnectivity } from '../offline/connectivity';
import { timerOfEntry } from '../offline/outbox';
import { ApprovedLockBadge } from '../payroll/ApprovedLockBadge';
import { isApprovedTimeRefusal } from '../payroll/approvedTime';
import { ReasonModal } from '../payroll/ReasonModal';
import { Elapsed } from './TimerControl';
import { TimerEditModal } from './TimerEditModal';
import {
  apiDay,
  dateTimeLabel,
  endLabel,
  durationLabel,
  hoursMinutes,
  INITIAL_TIMERS_QUERY,
  jobColumn,
  mileageLabel,
  MY_TIMERS_URL,
  ORGANIZATION_TIMERS_URL,
  pickerDay,
  thisWeek,
  type Timer,
} from './timers';
import { TIMER_TOTALS_MAX_DAYS, type TimerTotals } from '../../../../src/shared/timers';
import { useDeleteTimer, useTimersPage } from './timersApi';

const SCOPES = {
  mine: {
    url: MY_TIMERS_URL,
    title: 'My Tracked Times',
    description: 'Your time and mileage, newest first.',
    saved: 'Your time has been updated',
    withPerson: false,
    canDelete: false,
  },
  organization: {
    url: ORGANIZATION_TIMERS_URL,
    title: 'Organization Tracked Times',
    description: "Everyone's time and mileage, newest first.",
    saved: 'Timer has been updated',
    withPerson: true,
    canDelete: true,
  },
} as const;

export const MyTrackedTimesPage = () => <TrackedTimesPage scope="mine" />;
export const OrganizationTrackedTimesPage = () => <TrackedTimesPage scope="organization" />;

/** My Tracked Times (/timers) and Organization Tracked Times (/admin/timers): searchable, paged, editable. */
function TrackedTimesPage({ scope }: { scope: keyof typeof SCOPES }) {
  const config = SCOPES[scope];
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  // This week by default (spec-silent: what a pay period is checked by); the range can be cleared.
  const [queryStore] = useState(() => createPagedQueryStore({ ...INITIAL_TIMERS_QUERY, ...thisWeek(zone) }));
  useEffect(() => () => queryStore.getState().dispose(), [queryStore]);
  const search = useStore(queryStore, (s) => s.search);
  const query = useStore(queryStore, (s) => s.query);
  const { setSearch, toggleSort, setPage, setOptions } = queryStore.getState();
  const fromDate = String(query.fromDate ?? '');
  const toDate = String(query.toDate ?? '');
  const page = useTimersPage(config.url, query);
  const remove = useDeleteTimer();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [editing, setEditing] = useState<Timer | null>(null);
  /** A time in an approved timesheet to delete: a manager gives a reason (issue #30). */
  const [deletingApproved, setDeletingApproved] = useState<Timer | null>(null);

  const timers = page.data?.resultItems;
  const total = page.data?.totalRecords ?? 0;

  // Times changed on this phone whose change waits in the outbox (issue #29).
  const waiting = useConnectivity((s) => s.waiting);
  const waitingTimers = useMemo(() => new Set(waiting.map(timerOfEntry).filter((id) => id !== null)), [waiting]);

  function askDelete(timer: Timer) {
    if (timer.approvedTimesheet) {
      setDeletingApproved(timer);
      return;
    }
    confirmDelete({
      title: 'Delete time',
      message: `Delete ${timer.userFullName}'s time from ${dateTimeLabel(timer.startDateTime, zone)}?`,
      onConfirm: () =>
        remove.mutate(
          { id: timer.id },
          {
            onSuccess: () => notifySuccess('Timer was deleted'),
            // Approved since the table was read: asked again, with the reason.
            onError: (error) =>
              error instanceof ApiError && isApprovedTimeRefusal(error)
                ? setDeletingApproved(timer)
                : notifyError(errorMessage(error)),
          },
        ),
    });
  }

  const SortIcon = query.sortDir === 'asc' ? IconArrowUp : IconArrowDown;
  const actions = (timer: Timer) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {!mobile && timer.approvedTimesheet && <ApprovedLockBadge period={timer.approvedTimesheet} />}
      {waitingTimers.has(timer.id) && (
        <Text size="xs" c="yellow.9" fw={600} mr={4}>
          Waiting to sync
        </Text>
      )}
      <Tooltip label="Edit">
        <ActionIcon
          variant="subtle"
          color="navy"
          aria-label={`Edit time from ${dateTimeLabel(timer.startDateTime, zone)}`}
          onClick={() => setEditing(timer)}
        >
          <IconPencil size={17} />
        </ActionIcon>
      </Tooltip>
      {config.canDelete && (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete time from ${dateTimeLabel(timer.startDateTime, zone)}`}
            onClick={() => askDelete(timer)}
          >
            <IconTrash size={17} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  return (
    <>
      <PageHeader title={config.title} description={config.description} />
      {page.isError ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <Paper withBorder shadow="xs" style={{ overflow: 'hidden' }}>
          <Group justify="space-between" p="md" gap="sm" align="flex-start">
            <Group gap="sm" align="flex-end" w={{ base: '100%', sm: 'auto' }}>
              <TextInput
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                placeholder="Search times"
                aria-label="Search times"
                leftSection={<IconSearch size={16} />}
                w={{ base: '100%', xs: 280 }}
              />
              <DatePickerInput
                type="range"
                label="Dates"
                clearButtonProps={{ 'aria-label': 'Clear dates' }}
                placeholder="All dates"
                valueFormat="MMM D, YYYY"
                clearable
                allowSingleDateInRange
                value={[fromDate ? pickerDay(fromDate) : null, toDate ? pickerDay(toDate) : null]}
                onChange={([from, to]) => {
                  if (from && to) setOptions({ fromDate: apiDay(from), toDate: apiDay(to) });
                  else if (!from && !to) setOptions({ fromDate: '', toDate: '' });
                }}
                leftSection={<IconCalendar size={16} />}
                w={{ base: '100%', xs: 280 }}
              />
            </Group>
            <Totals totals={page.data?.totals ?? null} ranged={!!fromDate && !!toDate} count={total} />
          </Group>
          <Divider color="var(--app-border)" />
          <div style={{ opacity: page.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            {timers && timers.length === 0 ? (
              <EmptyResults
                icon={<IconClockHour4 size={26} />}
                hint={query.filter ? undefined : 'Times you track show here.'}
              />
            ) : mobile ? (
              <Stack
                gap={0}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={config.title}
                aria-busy={!timers}
              >
                {/* The first page is on its way (a slow network): placeholders, not an empty list. */}
                {!timers &&
                  [0, 1, 2, 3].map((i) => (
                    <Stack
                      key={i}
                      component="li"
                      gap={6}
                      p="md"
                      style={{ borderBottom: '1px solid var(--app-border)' }}
                    >
                      <Skeleton h={14} w="40%" radius="sm" />
                      <Skeleton h={12} w="70%" radius="sm" />
                      <Skeleton h={12} w="55%" radius="sm" />
                    </Stack>
                  ))}
                {(timers ?? []).map((timer) => (
                  <Group
                    key={timer.id}
                    component="li"
                    justify="space-between"
                    align="flex-start"
                    wrap="nowrap"
                    p="md"
                    style={{ borderBottom: '1px solid var(--app-border)' }}
                  >
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Group gap={6}>
                        <Badge size="sm" variant="light" radius="sm">
                          {timer.type}
                        </Badge>
                        {timer.approvedTimesheet && <ApprovedLockBadge period={timer.approvedTimesheet} />}
                        {config.withPerson && (
                          <Text size="sm" fw={600}>
                            {timer.userFullName}
                          </Text>
                        )}
                      </Group>
                      <Text size="sm" fw={600}>
                        {jobColumn(timer)}
                        {timer.label ? ` · ${timer.label}` : ''}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {dateTimeLabel(timer.startDateTime, zone)}
                      </Text>
                      <Text size="xs">
                        {timer.endDateTime ? (
                          durationLabel(timer)
                        ) : (
                          <>
                            Time is still being tracked · <Elapsed start={timer.startDateTime} />
                          </>
                        )}
                      </Text>
                      <Text size="xs" c={timer.mileageStart === null ? 'dimmed' : undefined}>
                        {mileageLabel(timer) ?? 'No mileage was recorded'}
                      </Text>
                    </Stack>
                    {actions(timer)}
                  </Group>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={860} type="native">
                <Table
                  verticalSpacing="sm"
                  // Nine columns and the dates on one line: the row fits at 1280 px with its actions.
                  horizontalSpacing="sm"
                  highlightOnHover
                  aria-label={config.title}
                  aria-busy={!timers}
                >
                  <Table.Thead bg="gray.0">
                    <Table.Tr>
                      {config.withPerson && <Table.Th>Employee</Table.Th>}
                      <Table.Th aria-sort={query.sortDir === 'asc' ? 'ascending' : 'descending'}>
                        <UnstyledButton
                          onClick={toggleSort}
                          aria-label={`Sort by start, ${query.sortDir === 'asc' ? 'newest first' : 'oldest first'}`}
                        >
                          <Group gap={4} wrap="nowrap">
                            <Text fw={600} size="sm">
                              Start
                            </Text>
                            <SortIcon size={14} />
                          </Group>
                        </UnstyledButton>
                      </Table.Th>
                      <Table.Th>End</Table.Th>
                      <Table.Th>Hours</Table.Th>
                      <Table.Th>Type</Table.Th>
                      <Table.Th>Job</Table.Th>
                      <Table.Th>Label</Table.Th>
                      <Table.Th>Mileage</Table.Th>
                      <Table.Th aria-label="Actions" />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {!timers && <SkeletonRows rows={6} columns={config.withPerson ? 9 : 8} />}
                    {(timers ?? []).map((timer) => (
                      <Table.Tr key={timer.id}>
                        {config.withPerson && (
                          <Table.Td>
                            <Text size="sm" fw={600}>
                              {timer.userFullName}
                            </Text>
                          </Table.Td>
                        )}
                        {/* A date and time on one line (at 1280 px they wrapped over four); an end on the same day
                            is its time alone, so the row still fits. */}
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Text size="sm">{dateTimeLabel(timer.startDateTime, zone)}</Text>
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {timer.endDateTime ? (
                            <Text size="sm">{endLabel(timer.startDateTime, timer.endDateTime, zone)}</Text>
                          ) : (
                            <Text size="sm" c="teal.8">
                              Time is still being tracked
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {timer.endDateTime ? (
                            <Text size="sm">{durationLabel(timer)}</Text>
                          ) : (
                            <Elapsed start={timer.startDateTime} />
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{timer.type}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text
                            size="sm"
                            c={timer.jobName ? undefined : 'dimmed'}
                            style={{ whiteSpace: timer.jobName ? undefined : 'nowrap' }}
                          >
                            {jobColumn(timer)}
                          </Text>
                          {timer.customerName && (
                            <Text size="xs" c="dimmed">
                              {timer.customerName}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{timer.label ?? ''}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c={timer.mileageStart === null ? 'dimmed' : undefined}>
                            {mileageLabel(timer) ?? 'No mileage was recorded'}
                          </Text>
                        </Table.Td>
                        <Table.Td>{actions(timer)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </div>
          <TablePager
            page={query.currentPage}
            pageSize={query.pageSize}
            total={total}
            onPage={setPage}
            compact={mobile}
          />
        </Paper>
      )}
      {editing && <TimerEditModal timer={editing} savedMessage={config.saved} onClose={() => setEditing(null)} />}
      {deletingApproved && (
        <ReasonModal
          title="Delete approved time"
          message={`${deletingApproved.userFullName}'s time from ${dateTimeLabel(deletingApproved.startDateTime, zone)} is in an approved timesheet${deletingApproved.approvedTimesheet ? ` (${deletingApproved.approvedTimesheet})` : ''}. Deleting it changes the timesheet and shows in its payroll exports. This action cannot be undone.`}
          confirmLabel="Delete"
          danger
          onConfirm={async (reason) => {
            await remove.mutateAsync({ id: deletingApproved.id, reason });
            notifySuccess('Timer was deleted');
          }}
          onClose={() => setDeletingApproved(null)}
        />
      )}
    </>
  );
}

/** What the rows of the chosen range add up to, over every page: what people are paid from. */
function Totals({ totals, ranged, count }: { totals: TimerTotals | null; ranged: boolean; count: number }) {
  if (!totals) {
    return (
      <Text size="sm" c="dimmed" maw={320}>
        {ranged
          ? `Totals show for a range of up to ${TIMER_TOTALS_MAX_DAYS} days.`
          : 'Choose a date range to see totals.'}
      </Text>
    );
  }
  return (
    <Group gap="lg" aria-label="Totals" role="group">
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          Times
        </Text>
        <Text fw={700}>{count}</Text>
      </Stack>
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          Hours
        </Text>
        <Text fw={700}>{hoursMinutes(totals.trackedMinutes)}</Text>
      </Stack>
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          Mileage
        </Text>
        <Text fw={700}>{totals.mileage.toLocaleString('en-US', { maximumFractionDigits: 1 })} mi</Text>
      </Stack>
      {totals.running > 0 && (
        <Text size="xs" c="teal.8" maw={140}>
          {totals.running} still running, not in the hours
        </Text>
      )}
    </Group>
  );
}
