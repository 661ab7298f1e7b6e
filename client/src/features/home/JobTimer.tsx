import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconClockPlay, IconPlayerPlay, IconPlayerStopFilled } from '@tabler/icons-react';
import { errorMessage } from '../../app/api';
import { notifyError, notifySuccess } from '../../shared/notify';
import { waitingToSync } from '../offline/outbox';
import type { Job } from '../scheduling/jobs';
import { serverNow } from '../timers/serverClock';
import { Elapsed } from '../timers/TimerControl';
import { timerStartedMessage } from '../timers/TimerFormModal';
import { stoppedMessage } from '../timers/timers';
import { useCurrentTimer, useSaveTimer, useStartTimer } from '../timers/timersApi';

/**
 * Spec §4: a job of one's own shows the timer buttons: Start starts a job timer on it; while that timer runs, its
 * elapsed time and Stop (issue #26: in the job drawer and on an associate's next-job card).
 */
export function JobTimer({ job, compact = false }: { job: Job; compact?: boolean }) {
  const current = useCurrentTimer();
  const start = useStartTimer();
  const save = useSaveTimer();
  const running = current.data;
  if (current.isPending) return null;

  async function startTimer() {
    try {
      const result = await start.mutateAsync({ type: 'Job', jobId: job.id });
      notifySuccess(waitingToSync(result, timerStartedMessage(job.name)));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }
  async function stopTimer() {
    if (!running) return;
    try {
      // A job timer has no mileage: it stops at once, on the server's clock.
      const result = await save.mutateAsync({
        id: running.id,
        body: { endDateTime: new Date(serverNow()).toISOString() },
      });
      notifySuccess(waitingToSync(result, stoppedMessage(running)));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  if (running?.jobId === job.id) {
    const stop = (
      <Button
        color="red"
        variant="light"
        size={compact ? 'sm' : undefined}
        leftSection={<IconPlayerStopFilled size={14} />}
        onClick={() => void stopTimer()}
        loading={save.isPending}
      >
        Stop timer
      </Button>
    );
    return compact ? (
      <Group gap="sm">
        <Group gap={4} wrap="nowrap">
          <IconClockPlay size={16} color="var(--mantine-color-teal-8)" aria-hidden />
          <Text size="sm" fw={600} c="teal.9">
            On the clock: <Elapsed start={running.startDateTime} />
          </Text>
        </Group>
        {stop}
      </Group>
    ) : (
      <Stack gap={6}>
        <Alert color="teal" variant="light" icon={<IconClockPlay size={18} />}>
          Your timer is running on this job: <Elapsed start={running.startDateTime} />
        </Alert>
        {stop}
      </Stack>
    );
  }
  return (
    <Stack gap={6}>
      <Button
        leftSection={<IconPlayerPlay size={16} />}
        // teal.9: white on Mantine's teal.6 is 2.5:1, under WCAG's 4.5 (axe, accessibility.spec)
        color="teal.9"
        size={compact ? 'sm' : undefined}
        onClick={() => void startTimer()}
        loading={start.isPending}
        disabled={!!running}
        style={compact ? { alignSelf: 'flex-start' } : undefined}
      >
        Start timer
      </Button>
      {running && (
        <Text size="xs" c="dimmed">
          Stop your running timer first.
        </Text>
      )}
    </Stack>
  );
}
