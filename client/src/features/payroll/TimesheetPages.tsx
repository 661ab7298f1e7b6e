import { Anchor, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft, IconCheck, IconLockOpen, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { paths } from '../../app/paths';
import { useAppStore } from '../../app/store';
import { notifyError, notifySuccess } from '../../shared/notify';
import { PageHeader } from '../../shared/PageHeader';
import { QueryError } from '../../shared/QueryError';
import type { TimesheetView } from '../../../../src/shared/payroll';
import { useMyTimesheet, useTimesheet, useTimesheetAction } from './payrollApi';
import { ReasonModal } from './ReasonModal';
import { PeriodNavigator } from './TimesheetParts';
import { TimesheetSheet } from './TimesheetSheet';

const useZone = () => useAppStore((s) => s.session?.company.timeZone ?? 'UTC');

function SheetSkeleton() {
  return (
    <Stack gap="lg" aria-busy>
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Skeleton h={18} w="30%" />
          <Skeleton h={36} w="60%" />
        </Stack>
      </Paper>
      <Skeleton h={320} />
    </Stack>
  );
}

/** A manager's actions on a sheet: approve it; send it back once submitted; unapprove it once approved. */
function ManagerActions({ sheet }: { sheet: TimesheetView }) {
  const action = useTimesheetAction();
  const [asking, setAsking] = useState<'send-back' | 'unapprove' | null>(null);
  const { start } = sheet.period;
  const { userId } = sheet;

  async function approve() {
    try {
      const result = await action.mutateAsync({ kind: 'approve', start, userId });
      notifySuccess(result?.message || 'Timesheet approved');
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <>
      {sheet.state === 'submitted' && (
        <Button variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={() => setAsking('send-back')}>
          Send back
        </Button>
      )}
      {sheet.state === 'approved' ? (
        <Button variant="default" leftSection={<IconLockOpen size={16} />} onClick={() => setAsking('unapprove')}>
          Unapprove
        </Button>
      ) : (
        <Button
          leftSection={<IconCheck size={16} />}
          loading={action.isPending && action.variables?.kind === 'approve'}
          onClick={() => void approve()}
        >
          Approve
        </Button>
      )}
      {asking && (
        <ReasonModal
          title={asking === 'send-back' ? 'Send back timesheet' : 'Unapprove timesheet'}
          message={
            asking === 'send-back'
              ? `${sheet.userFullName}'s timesheet for ${sheet.period.label} goes back to them to correct and submit again. They see your reason.`
              : `${sheet.userFullName}'s timesheet for ${sheet.period.label} becomes open again: its times can be changed without a reason.`
          }
          confirmLabel={asking === 'send-back' ? 'Send back' : 'Unapprove'}
          onConfirm={async (reason) => {
            await action.mutateAsync({ kind: asking, start, userId, reason });
            notifySuccess(asking === 'send-back' ? 'Timesheet sent back' : 'Timesheet unapproved');
          }}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}

const MANAGER_HINTS: Record<TimesheetView['state'], string | null> = {
  open: null,
  submitted: 'Submitted for approval.',
  approved: 'Approved: its times are locked. Changing one asks for a reason, which the audit log keeps.',
};

/** /timesheets/:start/:userId — one person's sheet for a period, for a manager (users.crud) to approve. */
export function PersonTimesheetPage() {
  const { start = '', userId = '' } = useParams();
  const zone = useZone();
  const sheet = useTimesheet(start, userId);
  const navigate = useNavigate();
  const back = (
    <Anchor component={Link} to={paths.timesheetsFor(start)} size="sm" fw={600}>
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        All timesheets
      </Group>
    </Anchor>
  );
  const data = sheet.data;
  return (
    <>
      {back}
      <PageHeader
        title={data ? `${data.userFullName}'s Timesheet` : 'Timesheet'}
        description="Their hours for a pay period, day by day."
        actions={
          <PeriodNavigator
            label={data?.period.label ?? null}
            busy={sheet.isPlaceholderData}
            onPrevious={() => data && navigate(paths.timesheet(data.previous, userId))}
            onNext={() => data && navigate(paths.timesheet(data.next, userId))}
          />
        }
      />
      {sheet.isError ? (
        <QueryError error={sheet.error} onRetry={() => void sheet.refetch()} />
      ) : !data ? (
        <SheetSkeleton />
      ) : (
        <TimesheetSheet
          sheet={data}
          zone={zone}
          actions={<ManagerActions sheet={data} />}
          stateHint={MANAGER_HINTS[data.state]}
          changedHint={
            <>
              Times of this timesheet changed after the period was exported: payroll has other hours than these.{' '}
              <Anchor component={Link} to={paths.timesheetsFor(start)} size="sm" fw={600}>
                See the period&apos;s exports
              </Anchor>
            </>
          }
        />
      )}
    </>
  );
}

function myHint(sheet: TimesheetView): string {
  if (sheet.state === 'approved') return 'Approved: its times are locked. Ask a manager if one needs to change.';
  if (sheet.state === 'submitted') return 'Submitted: a manager will approve it or send it back.';
  return sheet.canSubmit
    ? 'When your times for this period are complete, submit your timesheet for approval.'
    : 'A manager approves your timesheet once the period is over.';
}

/** /my-timesheet?date= — one's own sheet for the period holding the date (today's), to submit when asked to. */
export function MyTimesheetPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date');
  const zone = useZone();
  const sheet = useMyTimesheet(date);
  const submit = useTimesheetAction();
  const data = sheet.data;
  const goTo = (next: string | null) => setParams(next ? { date: next } : {}, { replace: false });

  async function onSubmit(view: TimesheetView) {
    try {
      await submit.mutateAsync({ kind: 'submit', start: view.period.start });
      notifySuccess('Timesheet submitted');
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <>
      <PageHeader
        title="My Timesheet"
        description="Your hours for a pay period, day by day."
        actions={
          <PeriodNavigator
            label={data?.period.label ?? null}
            busy={sheet.isPlaceholderData}
            onPrevious={() => data && goTo(data.previous)}
            onNext={() => data && goTo(data.next)}
            onCurrent={date ? () => goTo(null) : undefined}
          />
        }
      />
      {sheet.isError ? (
        <QueryError error={sheet.error} onRetry={() => void sheet.refetch()} />
      ) : !data ? (
        <SheetSkeleton />
      ) : (
        <div style={{ opacity: sheet.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <TimesheetSheet
            sheet={data}
            zone={zone}
            stateHint={myHint(data)}
            actions={
              data.canSubmit ? (
                <Button
                  leftSection={<IconSend size={16} />}
                  loading={submit.isPending}
                  onClick={() => void onSubmit(data)}
                >
                  Submit timesheet
                </Button>
              ) : undefined
            }
            changedHint="Your times in this period changed after it was sent to payroll. Your manager sees the changes."
          />
        </div>
      )}
    </>
  );
}
