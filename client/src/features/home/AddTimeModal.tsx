import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../app/api';
import { isApprovedTimeRefusal } from '../payroll/approvedTime';
import { ApprovedTimeReason } from '../payroll/ApprovedTimeReason';
import { notifySuccess } from '../../shared/notify';
import { jobPeopleIds, type Job } from '../scheduling/jobs';
import { isoFromWallKeeping, wallFromIso } from '../scheduling/zonedTime';
import { useAddTimeFor } from '../timers/timersApi';
import '@mantine/dates/styles.css';

const PICKER_FORMAT = 'ddd D MMM YYYY, h:mm A';

/**
 * "Add time" on a job that ended without tracked time (issue #26): a manager records the time a person of its crew
 * worked, the job's times prefilled; the server checks it and the audit log names who added it for whom.
 */
export function AddTimeModal({ job, zone, onClose }: { job: Job; zone: string; onClose: () => void }) {
  const add = useAddTimeFor();
  const crew = jobPeopleIds(job).map((id) => ({
    value: id,
    label: (id === job.leadUserId ? job.leadUser?.fullName : job.users.find((u) => u.id === id)?.fullName) ?? id,
  }));
  const [userId, setUserId] = useState<string | null>(crew.length === 1 ? crew[0].value : null);
  const [start, setStart] = useState(() => wallFromIso(job.startDateTime, zone));
  const [end, setEnd] = useState(() => wallFromIso(job.endDateTime, zone));
  const [problem, setProblem] = useState<string | null>(null);
  // The day is in the person's approved timesheet (issue #30): the server asks a manager for a reason.
  const [askReason, setAskReason] = useState(false);
  const [reason, setReason] = useState('');

  async function save() {
    if (!userId) return setProblem('Choose the person this time is for');
    if (!start || !end) return setProblem('Enter the start and the end');
    if (askReason && !reason.trim()) return setProblem('Give a reason to edit approved time');
    setProblem(null);
    try {
      await add.mutateAsync({
        userId,
        jobId: job.id,
        // The job's own instants while the times are as prefilled (the repeated hour of a DST night names two).
        startDateTime: isoFromWallKeeping(start, zone, job.startDateTime),
        endDateTime: isoFromWallKeeping(end, zone, job.endDateTime),
        ...(askReason ? { reason: reason.trim() } : {}),
      });
      notifySuccess(`Time was added for ${crew.find((c) => c.value === userId)?.label ?? 'them'}`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && isApprovedTimeRefusal(error)) setAskReason(true);
      setProblem(errorMessage(error));
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Add time: ${job.name}`} size={560}>
      <Stack gap="md">
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} py={8}>
            {problem}
          </Alert>
        )}
        <Select
          label="Employee"
          withAsterisk
          placeholder="Who worked it"
          data={crew}
          value={userId}
          onChange={setUserId}
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DateTimePicker
            label="Start"
            withAsterisk
            valueFormat={PICKER_FORMAT}
            timePickerProps={{ format: '12h', withDropdown: true }}
            value={start}
            onChange={(v) => setStart(typeof v === 'string' ? v : '')}
          />
          <DateTimePicker
            label="End"
            withAsterisk
            valueFormat={PICKER_FORMAT}
            timePickerProps={{ format: '12h', withDropdown: true }}
            value={end}
            onChange={(v) => setEnd(typeof v === 'string' ? v : '')}
          />
        </SimpleGrid>
        {askReason && <ApprovedTimeReason value={reason} onChange={setReason} />}
        <Text size="xs" c="dimmed">
          A job timer on {job.name}; the audit log and the job&apos;s History show that you added it.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={add.isPending}>
            Add time
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
