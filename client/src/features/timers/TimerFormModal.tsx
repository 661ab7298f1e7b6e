import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../app/api';
import { FormAlert } from '../../shared/ServerErrorAlert';
import { useAppStore } from '../../app/store';
import { notifySuccess } from '../../shared/notify';
import { waitingToSync } from '../offline/outbox';
import { OWN_JOBS_URL } from '../scheduling/jobs';
import { useCalendarJobs } from '../scheduling/schedulingApi';
import { timeRangeLabel, todayIn } from '../scheduling/zonedTime';
import { TIMER_TYPES, type TimerType } from '../../../../src/shared/timers';
import { parseMileage, startableJobsRange } from './timers';
import { useStartTimer } from './timersApi';

/** The timer form's own checks (spec §5), worded as the server words them. */
export function timerFormProblem(values: {
  type: TimerType;
  jobId: string | null;
  mileageStart: string;
}): string | null {
  if (values.type === 'Job' && !values.jobId) return 'Choose the job this time is for';
  if (values.type === 'Mileage') {
    const mileage = parseMileage(values.mileageStart);
    if (mileage === null) return 'Starting mileage is required for a mileage timer';
    if (Number.isNaN(mileage) || mileage < 0) return 'Starting mileage must be a number';
  }
  return null;
}

export const timerStartedMessage = (jobName: string) => `The timer has started for ${jobName}`;

/** Start Timer: type (Job clears mileage, Mileage clears the job), the job, starting mileage, label. */
export function TimerFormModal({
  onClose,
  initialJobId = null,
}: {
  onClose: () => void;
  initialJobId?: string | null;
}) {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const [type, setType] = useState<TimerType>(initialJobId ? 'Job' : 'Unassigned');
  const [jobId, setJobId] = useState<string | null>(initialJobId);
  const [mileageStart, setMileageStart] = useState('');
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartTimer();

  const today = todayIn(zone);
  const range = useMemo(() => startableJobsRange(today), [today]);
  const jobs = useCalendarJobs(OWN_JOBS_URL, range);
  const options = (jobs.data ?? [])
    .filter((j) => !j.availabilityOnly && !j.isOpen)
    .map((j) => ({ value: j.id, label: `${j.name} · ${timeRangeLabel(j.startDateTime, j.endDateTime, zone)}` }));

  async function submit() {
    const local = timerFormProblem({ type, jobId, mileageStart });
    setProblem(local);
    if (local) return;
    try {
      const result = await start.mutateAsync({
        type,
        label: label.trim() || null,
        jobId: type === 'Job' ? jobId : null,
        mileageStart: type === 'Mileage' ? parseMileage(mileageStart) : null,
      });
      if (type === 'Job')
        notifySuccess(
          waitingToSync(result, timerStartedMessage((jobs.data ?? []).find((j) => j.id === jobId)?.name ?? 'the job')),
        );
      else if (result.queued) notifySuccess(waitingToSync(result, 'The timer has started'));
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Text fw={650} c="navy.8">
          Start Timer
        </Text>
      }
      size={550}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <FormAlert message={problem} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Type{' '}
              <Text span c="red">
                *
              </Text>
            </Text>
            <SegmentedControl
              aria-label="Timer type"
              data={TIMER_TYPES.map((t) => ({ value: t, label: t }))}
              value={type}
              onChange={(value) => setType(value as TimerType)}
              fullWidth
            />
          </Stack>
          {type === 'Job' && (
            <Select
              label="Job"
              withAsterisk
              placeholder={jobs.isLoading ? 'Loading your jobs…' : 'Choose one of your jobs'}
              data={options}
              value={jobId}
              onChange={setJobId}
              searchable
              nothingFoundMessage="No jobs of yours from yesterday to tomorrow"
            />
          )}
          {type === 'Mileage' && (
            <TextInput
              label="Starting mileage"
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              value={mileageStart}
              onChange={(e) => setMileageStart(e.currentTarget.value)}
            />
          )}
          <TextInput
            label="Label"
            placeholder="Optional"
            autoComplete="off"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            maxLength={200}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" leftSection={<IconPlayerPlay size={16} />} loading={start.isPending}>
              Start
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
