import { Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { errorMessage } from '../../app/api';
import { notifyError, notifySuccess } from '../../shared/notify';
import { QueryError } from '../../shared/QueryError';
import { timeRangeLabel } from '../scheduling/zonedTime';
import { type JobRequest, useAnswerRequest, useJobRequests } from './jobRequestsApi';

export const NO_REQUESTS = 'There are no job requests at this time';

/** Job Requests (spec §2, below the Job Schedule): pending requests to approve or deny, live. */
export function JobRequestsTable({ zone }: { zone: string }) {
  const requests = useJobRequests();
  const answer = useAnswerRequest();

  async function onAnswer(request: JobRequest, kind: 'approve' | 'deny') {
    try {
      const result = await answer.mutateAsync({ request, answer: kind });
      notifySuccess(result.message);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  const rows = requests.data ?? [];
  return (
    <Paper withBorder shadow="xs" p="md" mt="lg" aria-labelledby="job-requests-title">
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
        {rows.length > 0 && (
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
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{timeRangeLabel(request.startDateTime, request.endDateTime, zone)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{request.name}</Text>
                      {request.changedSince && (
                        <Text size="xs" c="red.7">
                          {request.changedSince === 'moved' ? 'Moved since the request' : 'Assigned since the request'}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{request.customer?.name ?? 'Internal'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          leftSection={<IconCheck size={14} />}
                          disabled={!!request.changedSince || answer.isPending}
                          onClick={() => void onAnswer(request, 'approve')}
                          aria-label={`Approve ${request.requestorName}'s request for ${request.name}`}
                        >
                          Approve
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconX size={14} />}
                          disabled={answer.isPending}
                          onClick={() => void onAnswer(request, 'deny')}
                          aria-label={`Deny ${request.requestorName}'s request for ${request.name}`}
                        >
                          Deny
                        </Button>
                      </Group>
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
