import { List, Text } from '@mantine/core';
import { DateTime } from 'luxon';
import { clashLines, type ClashReport } from './clashes';

/** The clashes of a job as the server found them: a line per person and clash, the days of a series' repeats. */
export function ClashList({ report, zone }: { report: ClashReport; zone: string }) {
  const lines = clashLines(report, zone);
  return (
    <>
      <List size="sm" spacing={2} aria-label="Clashes">
        {lines.map((line) => (
          <List.Item key={line.key}>
            <b>{line.name}</b>: {line.message}
            {line.days && (
              <Text span size="sm" c="dimmed">
                {' '}
                — {line.days}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      {report.more > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          And {report.more} more clashes.
        </Text>
      )}
      {report.occurrences > 1 && report.until && (
        <Text size="xs" c="dimmed" mt={4}>
          Checked {report.occurrences} visits through{' '}
          {DateTime.fromISO(report.until, { zone }).toFormat('ccc, LLL d, yyyy')}.
        </Text>
      )}
    </>
  );
}
