import { Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { StatusBadge } from '../../shared/StatusBadge';

/** The lock on a tracked time of an approved timesheet: `period` is the timesheet's ("Nov 22 – Nov 28, 2026"). */
export const approvedLockHint = (period: string) => `In the approved timesheet for ${period}: locked`;

/** A tracked-times row's lock: its time is in an approved timesheet (issue #30), which a manager changes with a reason. */
export function ApprovedLockBadge({ period }: { period: string }) {
  return (
    <Tooltip label={approvedLockHint(period)} multiline w={230}>
      <span tabIndex={0} style={{ display: 'inline-flex', borderRadius: 4 }}>
        <StatusBadge color="teal">
          <Group gap={3} wrap="nowrap" component="span">
            <IconLock size={12} aria-hidden />
            Approved
          </Group>
          <VisuallyHidden>: {approvedLockHint(period)}</VisuallyHidden>
        </StatusBadge>
      </span>
    </Tooltip>
  );
}
