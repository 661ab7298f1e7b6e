import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { notifySuccess } from '../../shared/notify';
import { waitingToSync } from '../offline/outbox';
import { FormAlert } from '../../shared/ServerErrorAlert';
import { serverNow } from './serverClock';
import { parseMileage, stoppedMessage, type Timer } from './timers';
import { useSaveTimer } from './timersApi';

/** Spec §5 Stop Timer: ending mileage required, numeric, and not below the start. */
export function endingMileageProblem(text: string, start: number): string | null {
  const mileage = parseMileage(text);
  if (mileage === null) return 'Ending mileage is required';
  if (Number.isNaN(mileage)) return 'Ending mileage must be a number';
  if (mileage < start) return 'Ending mileage cannot be less than the starting mileage';
  return null;
}

/** Stopping Timer: a timer with mileage asks for the ending mileage before it stops. */
export function StopTimerDialog({ timer, onClose }: { timer: Timer; onClose: () => void }) {
  const [mileageEnd, setMileageEnd] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveTimer();

  async function stop() {
    const local = endingMileageProblem(mileageEnd, timer.mileageStart ?? 0);
    setProblem(local);
    if (local) return;
    try {
      const result = await save.mutateAsync({
        id: timer.id,
        body: { endDateTime: new Date(serverNow()).toISOString(), mileageEnd: parseMileage(mileageEnd) },
      });
      notifySuccess(waitingToSync(result, stoppedMessage(timer)));
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
          Stopping Timer
        </Text>
      }
      size={550}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void stop();
        }}
        noValidate
      >
        <Stack gap="md">
          <FormAlert message={problem} />
          <Text size="sm">
            You started at {timer.mileageStart?.toLocaleString('en-US')} miles. What does the odometer read now?
          </Text>
          <TextInput
            label="Ending mileage"
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            data-autofocus
            value={mileageEnd}
            onChange={(e) => setMileageEnd(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" leftSection={<IconPlayerStop size={16} />} loading={save.isPending}>
              Stop Timer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
