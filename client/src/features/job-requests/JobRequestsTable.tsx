import { Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconX } from '@tabler/icons-react';
import { MOBILE_QUERY } from '../../app/theme';
import { errorMessage } from '../../app/api';
import { notifyError, notifySuccess } from '../../shared/notify';
import { QueryError } from '../../shared/QueryError';
import { timeRangeLabel } from '../scheduling/zonedTime';
import { checkClashes } from '../scheduling/schedulingApi';
import { confirmClashes } from '../scheduling/confirmClashes';
import { type JobRequest, useAnswerRequest, useJobRequests } from './jobRequestsApi';

export const NO_REQUESTS = 'There are no job requests at this time';

/** Job Requests (spec §2, below the Job Schedule): pending requests to approve or deny, live. */
/** `placement` 'top': above the calendar (phones), spaced below rather than above; 'inline': in a stack that spaces it. */
export function JobRequestsTable({
  zone,
  placement = 'bottom',
}: {
  zone: string;
  placement?: 'top' | 'bottom' | 'inline';
}) {
  const requests = useJobRequests();
  const answer = useAnswerRequest();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;

  async function onAnswer(request: JobRequest, kind: 'approve' | 'deny') {
    // Approving assigns the requestor: the clashes that would give them are asked first (issue #26).
    if (kind === 'approve') {
      const report = await checkClashes({ id: request.jobId, jobModel: { userIds: [request.requestorId] } }).catch(
        () => null,
      );
      const approveAnyway =
        !report?.clashes.length ||
        (await confirmClashes(request.name, report, zone, {
          lead: `Approving gives ${request.requestorName} ${request.name}, which clashes:`,
          cancel: 'Cancel leaves the request pending.',
        }));
      if (!approveAnyway) return;
    }
    try {
      const result = await answer.mutateAsync({ request, answer: kind });
      notifySuccess(result.message);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  const rows = requests.data ?? [];
  return (
    <Paper
      withBorder
      shadow="xs"
      p="md"
      mt={placement === 'bottom' ? 'lg' : undefined}
      mb={placement === 'top' ? 'lg' : undefined}
      aria-labelledby="job-requests-title"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz={18} c="navy.8" id="job-requests-title">
            Job Requests
          </Title>
          {rows.length > 0 && (
            <Badge color="orange" variant="light" radius="sm">
              {rows.length} pending
            </Badge>
          )}
        </Group>
        {requests.isError && <QueryError error={requests.error} onRetry={() => void requests.refetch()} />}
        {requests.isSuccess && rows.length === 0 && (
          <Text size="sm" c="dimmed" py="sm">
            {NO_REQUESTS}
          </Text>
        )}
        {rows.length > 0 && mobile && (
          // A phone: one card per request rather than a table wider than the screen.
          <Stack component="ul" gap="sm" p={0} m={0} aria-label="Job requests" style={{ listStyle: 'none' }}>
            {rows.map((request) => (
              <Paper
                component="li"
                key={request.id}
                withBorder
                p="sm"
                radius="md"
                aria-label={`${request.requestorName}: ${request.name}`}
              >
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text size="sm" fw={600}>
                      {request.name}
                    </Text>
                    <Text size="xs" c="dimmed" ta="right">
                      {request.customer?.name ?? 'Internal'}
                    </Text>
                  </Group>
                  <Text size="sm">{timeRangeLabel(request.startDateTime, request.endDateTime, zone)}</Text>
                  <Group gap={6}>
                    <Text size="sm">Requested by {request.requestorName}</Text>
                    <RequesterFit request={request} />
                  </Group>
                  <ChangedSince request={request} />
                  <Answer request={request} busy={answer.isPending} onAnswer={onAnswer} grow />
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
        {rows.length > 0 && !mobile && (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Job requests">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Requested by</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th aria-label="Answer" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((request) => (
                  <Table.Tr key={request.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {request.requestorName}
                      </Text>
                      <Group gap={4} mt={4}>
                        <RequesterFit request={request} />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{timeRangeLabel(request.startDateTime, request.endDateTime, zone)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{request.name}</Text>
                      <ChangedSince request={request} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{request.customer?.name ?? 'Internal'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Answer request={request} busy={answer.isPending} onAnswer={onAnswer} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** Whether the requester is free then: within their weekly availability, and not on another job. */
function RequesterFit({ request }: { request: JobRequest }) {
  return (
    <>
      <Badge size="xs" variant="light" color={request.available ? 'teal' : 'red'} radius="sm">
        {request.available ? 'Available' : 'Not available'}
      </Badge>
      {request.overlappingJobs.length > 0 && (
        <Tooltip label={request.overlappingJobs.join(', ')}>
          <Badge size="xs" variant="light" color="orange" radius="sm">
            Overlaps {request.overlappingJobs.length === 1 ? 'a job' : `${request.overlappingJobs.length} jobs`}
          </Badge>
        </Tooltip>
      )}
    </>
  );
}

function ChangedSince({ request }: { request: JobRequest }) {
  if (!request.changedSince) return null;
  return (
    <Text size="xs" c="red.9">
      {request.changedSince === 'moved' ? 'Moved since the request' : 'Assigned since the request'}
    </Text>
  );
}

/** Approve (not for a job moved or assigned since) and deny. */
function Answer({
  request,
  busy,
  onAnswer,
  grow = false,
}: {
  request: JobRequest;
  busy: boolean;
  onAnswer: (r: JobRequest, kind: 'approve' | 'deny') => Promise<void>;
  grow?: boolean;
}) {
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap" grow={grow}>
      <Button
        size="xs"
        leftSection={<IconCheck size={14} />}
        disabled={!!request.changedSince || busy}
        onClick={() => void onAnswer(request, 'approve')}
        aria-label={`Approve ${request.requestorName}'s request for ${request.name}`}
      >
        Approve
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconX size={14} />}
        disabled={busy}
        onClick={() => void onAnswer(request, 'deny')}
        aria-label={`Deny ${request.requestorName}'s request for ${request.name}`}
      >
        Deny
      </Button>
    </Group>
  );
}
