import { Button, Group, Modal, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../app/api';
import { FormAlert } from '../../shared/ServerErrorAlert';
import { useAppStore } from '../../app/store';
import { DetailsAndHistoryTabs } from '../../shared/History';
import { notifySuccess } from '../../shared/notify';
import { waitingToSync } from '../offline/outbox';
import { historyUrl } from '../audit/audit';
import { isoFromWall, wallFromIso } from '../scheduling/zonedTime';
import { endingMileageProblem } from './StopTimerDialog';
import { timerFormProblem } from './TimerFormModal';
import { TIMER_TYPES, type TimerType } from '../../../../src/shared/timers';
import { isApprovedTimeRefusal } from '../payroll/approvedTime';
import { ApprovedTimeReason } from '../payroll/ApprovedTimeReason';
import { parseMileage, type Timer } from './timers';
import { useSaveTimer } from './timersApi';

const PICKER_FORMAT = 'ddd D MMM YYYY, h:mm A';
/** The time fields named, for screen readers (and tests). */
const TIME_PICKER = {
  format: '12h',
  withDropdown: true,
  hoursInputLabel: 'Hours',
  minutesInputLabel: 'Minutes',
  amPmInputLabel: 'AM or PM',
} as const;

/** Edit a timer from a tracked-times table; `savedMessage` is the spec's wording for who is editing. */
export function TimerEditModal({
  timer,
  savedMessage,
  onClose,
}: {
  timer: Timer;
  savedMessage: string;
  onClose: () => void;
}) {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const [type, setType] = useState<TimerType>(timer.type);
  const [label, setLabel] = useState(timer.label ?? '');
  const [initialStart] = useState(() => wallFromIso(timer.startDateTime, zone));
  const [initialEnd] = useState(() => (timer.endDateTime ? wallFromIso(timer.endDateTime, zone) : ''));
  const [start, setStart] = useState(initialStart);
  const [end, setEnd] = useState(initialEnd);
  const [mileageStart, setMileageStart] = useState(timer.mileageStart === null ? '' : String(timer.mileageStart));
  const [mileageEnd, setMileageEnd] = useState(timer.mileageEnd === null ? '' : String(timer.mileageEnd));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveTimer();
  const running = timer.endDateTime === null;
  // A time in an approved timesheet (issue #30): a manager changes it only with a reason, asked for at once (issue #44
  // item 12: a tick first, shown only after a refused Save, made one correction 11 actions); an associate's change is
  // refused by the server, whose words show above the form.
  const manager = useAppStore((s) => s.session?.claims.includes('users.crud') ?? false);
  const whose = useAppStore((s) => (s.session?.user.id === timer.userId ? 'your' : `${timer.userFullName}'s`));
  const [askReason, setAskReason] = useState(manager && !!timer.approvedTimesheet);
  const [reason, setReason] = useState('');

  async function submit() {
    let local = timerFormProblem({ type, jobId: timer.jobId, mileageStart });
    if (!local && type === 'Job' && !timer.jobId) local = 'Choose the job this time is for';
    if (!local && type === 'Mileage' && !running)
      local = endingMileageProblem(mileageEnd, parseMileage(mileageStart) ?? 0);
    if (!local && askReason && !reason.trim()) local = 'Give a reason to edit approved time';
    setProblem(local);
    if (local) return;
    try {
      const result = await save.mutateAsync({
        id: timer.id,
        body: {
          type,
          label: label.trim() || null,
          // Untouched times are not sent: the picker shows minutes, the timer keeps its seconds.
          ...(start !== initialStart ? { startDateTime: isoFromWall(start, zone) } : {}),
          ...(!running && end !== initialEnd ? { endDateTime: isoFromWall(end, zone) } : {}),
          mileageStart: type === 'Mileage' ? parseMileage(mileageStart) : null,
          ...(type === 'Mileage' && !running ? { mileageEnd: parseMileage(mileageEnd) } : {}),
          ...(askReason ? { reason: reason.trim() } : {}),
        },
      });
      notifySuccess(waitingToSync(result, savedMessage));
      onClose();
    } catch (error) {
      // Approved after this table was read: a manager is asked for the reason now.
      if (manager && error instanceof ApiError && isApprovedTimeRefusal(error)) setAskReason(true);
      setProblem(errorMessage(error));
    }
  }

  // A job timer's job is chosen when it starts; here it can only be kept or the timer re-typed.
  const types = TIMER_TYPES.filter((t) => t !== 'Job' || timer.jobId);
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Text fw={650} c="navy.8">
          Edit time
        </Text>
      }
      size={650}
    >
      <DetailsAndHistoryTabs
        historyUrl={historyUrl.timer(timer.id)}
        emptyHint="Nothing has been recorded for this time yet."
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
            {askReason ? (
              <Paper withBorder p="sm" bg="gray.0">
                <Stack gap="sm">
                  <Text size="sm">
                    {timer.approvedTimesheet
                      ? `This time is in ${whose} approved timesheet for ${timer.approvedTimesheet}. A change shows on the timesheet and in its payroll exports.`
                      : 'This time is in an approved timesheet. A change shows on the timesheet and in its payroll exports.'}
                  </Text>
                  <ApprovedTimeReason value={reason} onChange={setReason} />
                </Stack>
              </Paper>
            ) : (
              timer.approvedTimesheet && (
                <Text size="sm" c="dimmed">
                  This time is in your approved timesheet for {timer.approvedTimesheet}: it is locked.
                </Text>
              )
            )}
            <SegmentedControl
              aria-label="Timer type"
              data={types.map((t) => ({ value: t, label: t }))}
              value={type}
              onChange={(v) => setType(v as TimerType)}
              fullWidth
            />
            {type === 'Job' && (
              <Text size="sm">
                Job: <b>{timer.jobName}</b>
                {timer.customerName ? ` · ${timer.customerName}` : ''}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <DateTimePicker
                label="Start"
                withAsterisk
                valueFormat={PICKER_FORMAT}
                timePickerProps={TIME_PICKER}
                value={start}
                onChange={(v) => setStart(typeof v === 'string' ? v : '')}
              />
              {running ? (
                <TextInput label="End" value="Time is still being tracked" readOnly />
              ) : (
                <DateTimePicker
                  label="End"
                  withAsterisk
                  valueFormat={PICKER_FORMAT}
                  timePickerProps={TIME_PICKER}
                  value={end}
                  onChange={(v) => setEnd(typeof v === 'string' ? v : '')}
                />
              )}
            </SimpleGrid>
            {type === 'Mileage' && (
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput
                  label="Starting mileage"
                  withAsterisk
                  inputMode="decimal"
                  value={mileageStart}
                  onChange={(e) => setMileageStart(e.currentTarget.value)}
                />
                {!running && (
                  <TextInput
                    label="Ending mileage"
                    withAsterisk
                    inputMode="decimal"
                    value={mileageEnd}
                    onChange={(e) => setMileageEnd(e.currentTarget.value)}
                  />
                )}
              </SimpleGrid>
            )}
            <TextInput
              label="Label"
              placeholder="Optional"
              value={label}
              onChange={(e) => setLabel(e.currentTarget.value)}
              maxLength={200}
            />
            <Text size="xs" c="dimmed">
              Times are in the organization&apos;s time zone, {zone.replace(/_/g, ' ')}.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </DetailsAndHistoryTabs>
    </Modal>
  );
}
