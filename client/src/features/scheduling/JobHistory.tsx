import { Badge, Group, Skeleton, Stack, Table, Text, Timeline } from '@mantine/core';
import { IconArrowRight, IconHistory } from '@tabler/icons-react';
import { EmptyResults } from '../../shared/EmptyResults';
import { QueryError } from '../../shared/QueryError';
import { useJobHistory } from './schedulingApi';

/** What happened to a job, in words: when, who, what, and each field's old → new value. */
export function JobHistory({ jobId }: { jobId: string }) {
  const history = useJobHistory(jobId);
  if (history.isError) return <QueryError error={history.error} onRetry={() => void history.refetch()} />;
  if (!history.data) {
    return (
      <Stack gap="md" aria-busy>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={56} />
        ))}
      </Stack>
    );
  }
  if (history.data.length === 0)
    return <EmptyResults icon={<IconHistory size={26} />} hint="Nothing has been recorded for this job yet." />;
  return (
    <Timeline bulletSize={14} lineWidth={2} color="navy" active={history.data.length - 1}>
      {history.data.map((entry, index) => (
        <Timeline.Item
          key={`${entry.at}-${index}`}
          title={
            <Group gap={8} wrap="wrap">
              <Text fw={650} size="sm" c="navy.8">
                {entry.what}
              </Text>
              <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
                {entry.who}
              </Badge>
            </Group>
          }
        >
          <Text size="xs" c="dimmed" mt={2}>
            {entry.when}
          </Text>
          {entry.changes.length > 0 && (
            <Table
              withTableBorder
              withColumnBorders
              fz="xs"
              verticalSpacing={4}
              horizontalSpacing="xs"
              mt={6}
              layout="fixed"
            >
              <Table.Tbody>
                {entry.changes.map((change) => (
                  <Table.Tr key={change.field}>
                    <Table.Td w="28%" fw={600} c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {change.field}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="wrap" align="center" style={{ rowGap: 0 }}>
                        <Text size="xs" c="dimmed" td={change.from !== '—' ? 'line-through' : undefined}>
                          {change.from}
                        </Text>
                        <IconArrowRight size={12} style={{ flexShrink: 0 }} aria-label="to" />
                        <Text size="xs" fw={500}>
                          {change.to}
                        </Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
