import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStopFilled } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../app/api';
import { notifyError, notifySuccess } from '../../shared/notify';
import { isLocalId, waitingToSync } from '../offline/outbox';
import { serverNow, useServerClock } from './serverClock';
import { StopTimerDialog } from './StopTimerDialog';
import { TimerFormModal } from './TimerFormModal';
import { elapsedLabel, stoppedMessage, timerTitle, type Timer } from './timers';
import { useCurrentTimer, useSaveTimer } from './timersApi';

/** Elapsed time on the server's clock from the server's start instant, updated each second (spec §9). */
export function Elapsed({ start }: { start: string }) {
  const offset = useServerClock((s) => s.offsetMs);
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    const tick = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(tick);
  }, [offset]);
  return (
    <Text component="span" ff="monospace" fw={700} fz="sm" aria-label="Elapsed time" role="timer">
      {elapsedLabel(now - Date.parse(start))}
    </Text>
  );
}

/**
 * The running timer where it is always in view: Start Timer, or the label, the elapsed time and a stop
 * control. `block` is Home's full-width button on a phone.
 */
export function TimerControl({ block = false }: { block?: boolean }) {
  const current = useCurrentTimer();
  const save = useSaveTimer();
  const [starting, setStarting] = useState(false);
  const [stopping, setStopping] = useState<Timer | null>(null);
  const timer = current.data;

  async function stop(running: Timer) {
    if (running.mileageStart !== null) {
      setStopping(running);
      return;
    }
    try {
      const result = await save.mutateAsync({
        id: running.id,
        body: { endDateTime: new Date(serverNow()).toISOString() },
      });
      notifySuccess(waitingToSync(result, stoppedMessage(running)));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  if (current.isPending) return null;
  return (
    <>
      {timer ? (
        <Group
          gap={8}
          wrap="nowrap"
          px={10}
          py={4}
          style={{
            border: '1px solid var(--mantine-color-teal-3)',
            background: 'var(--mantine-color-teal-0)',
            borderRadius: 8,
            minWidth: 0,
            flex: block ? 1 : undefined,
          }}
          aria-label="Running timer"
          role="group"
        >
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text size="xs" c="teal.9" fw={600} truncate="end" maw={block ? undefined : 180}>
              {timerTitle(timer)}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Elapsed start={timer.startDateTime} />
              {isLocalId(timer.id) && (
                <Text span size="xs" c="yellow.9" fw={600}>
                  Waiting to sync
                </Text>
              )}
            </Group>
          </Stack>
          <Tooltip label="Stop timer">
            <ActionIcon
              color="red"
              variant="filled"
              radius="xl"
              size={block ? 36 : 30}
              aria-label="Stop timer"
              onClick={() => void stop(timer)}
              loading={save.isPending}
            >
              <IconPlayerStopFilled size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : (
        <Button
          variant={block ? 'filled' : 'light'}
          size={block ? 'md' : 'xs'}
          fullWidth={block}
          leftSection={<IconPlayerPlay size={16} />}
          onClick={() => setStarting(true)}
        >
          Start Timer
        </Button>
      )}
      {starting && <TimerFormModal onClose={() => setStarting(false)} />}
      {stopping && <StopTimerDialog timer={stopping} onClose={() => setStopping(null)} />}
    </>
  );
}
