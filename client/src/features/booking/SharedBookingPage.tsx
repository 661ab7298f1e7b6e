import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendarCancel, IconCalendarEvent, IconCircleCheck, IconUser } from '@tabler/icons-react';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { VisitSlots } from '../../../../src/shared/booking';
import { errorMessage } from '../../app/api';
import { moveQuestion, visitorZone, visitSlotsUrl, visitTimeLabel, zoneName, zonesDiffer } from './booking';
import { useCancelVisit, useRescheduleVisit, useSharedBooking } from './bookingApi';
import { Notice, PublicFrame } from '../../shared/PublicFrame';
import { SlotPicker } from './SlotPicker';

type VisitSlot = VisitSlots['slots'][number];

/**
 * A booked visit's own page (/share/booking/{id}, #16): what, when (the organization's time and the visitor's),
 * with whom; while it may still change, cancel it or move it to another free time of its link.
 */
export function SharedBookingPage() {
  const { id = '' } = useParams();
  const booking = useSharedBooking(id);
  const [rescheduling, setRescheduling] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useCancelVisit(id, {
    onSuccess: (answer) => {
      setProblem(null);
      setDone(answer.message);
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const reschedule = useRescheduleVisit(id, {
    onSuccess: (answer) => {
      setProblem(null);
      setRescheduling(false);
      setDone(answer.message);
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  if (booking.isPending)
    return (
      <PublicFrame title="Your visit">
        <Stack gap="md">
          <Skeleton h={28} w="70%" />
          <Skeleton h={16} />
          <Skeleton h={80} />
        </Stack>
      </PublicFrame>
    );
  if (booking.isError)
    return (
      <PublicFrame title="Your visit">
        <Notice icon={<IconAlertCircle size={30} />} title="This visit cannot be shown" color="red">
          {errorMessage(booking.error)}
        </Notice>
      </PublicFrame>
    );

  const view = booking.data;
  const mine = visitorZone();
  const frame = { title: 'Your visit', organization: view.organizationName, logoUrl: view.logoUrl };

  if (view.status === 'cancelled')
    return (
      <PublicFrame {...frame}>
        <Notice icon={<IconCalendarCancel size={30} />} title="Visit cancelled" color="gray">
          {view.cancelledBy === 'company'
            ? `This visit was cancelled by ${view.organizationName || 'the company'}. Please contact them.`
            : 'This visit has been cancelled.'}
        </Notice>
      </PublicFrame>
    );

  function askCancel() {
    modals.openConfirmModal({
      title: 'Cancel this visit?',
      children: (
        <Text size="sm">
          Your {view.serviceName} on {visitTimeLabel(view.start, view.end, view.timeZone)} will be cancelled.
        </Text>
      ),
      labels: { confirm: 'Cancel visit', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => cancel.mutate(),
    });
  }

  /** A tap on a time asks first, saying who the visit would be with (and when that is someone else, why). */
  function askMove(slot: VisitSlot) {
    if (reschedule.isPending) return;
    const current = view.staffName.split(' ')[0];
    const { question, withWhom } = moveQuestion(slot, view.timeZone, current);
    modals.openConfirmModal({
      title: 'Move your visit?',
      children: (
        <Stack gap={4}>
          <Text size="sm">{question}</Text>
          <Text size="sm" fw={slot.keepsStaff ? undefined : 600}>
            {withWhom}
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Confirm', cancel: 'Keep current time' },
      onConfirm: () => reschedule.mutate(slot),
    });
  }

  return (
    <PublicFrame {...frame} wide={rescheduling}>
      <Stack gap="lg">
        <Stack gap="sm" align="center" ta="center">
          <IconCircleCheck size={44} color="var(--mantine-color-teal-7)" aria-hidden />
          <Title order={1} fz={24} c="navy.8">
            Your visit is booked
          </Title>
          <Text c="gray.7">
            {view.visitorName}, here are the details of your {view.serviceName}. Keep this page to change it.
          </Text>
        </Stack>
        {done && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {done}
          </Alert>
        )}
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconCalendarEvent size={20} color="var(--mantine-color-navy-8)" style={{ flexShrink: 0 }} aria-hidden />
            <Stack gap={2}>
              <Text fw={600} c="navy.8">
                {view.serviceName}
              </Text>
              <Text size="sm">{visitTimeLabel(view.start, view.end, view.timeZone)}</Text>
              <Text size="xs" c="gray.7">
                {zoneName(view.timeZone)} time
              </Text>
              {zonesDiffer(view.start, view.timeZone, mine) && (
                <Text size="sm" c="gray.7">
                  Your time ({zoneName(mine)}): {visitTimeLabel(view.start, view.end, mine)}
                </Text>
              )}
            </Stack>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <IconUser size={20} color="var(--mantine-color-navy-8)" style={{ flexShrink: 0 }} aria-hidden />
            <Text size="sm">With {view.staffName}</Text>
          </Group>
        </Stack>
        {view.canChange ? (
          rescheduling ? (
            <Stack gap="md">
              <Group justify="space-between">
                <Title order={2} fz={18} c="navy.8">
                  Choose a new time
                </Title>
                <Button variant="subtle" size="compact-sm" onClick={() => setRescheduling(false)}>
                  Keep this time
                </Button>
              </Group>
              <SlotPicker<VisitSlot>
                linkId={view.linkId}
                urlOf={(from, to) => visitSlotsUrl(view.id, from, to)}
                zone={view.timeZone}
                onPick={askMove}
              />
            </Stack>
          ) : (
            <Stack gap="sm">
              <Group grow>
                {view.canMove && (
                  <Button
                    variant="light"
                    onClick={() => {
                      setDone(null);
                      setRescheduling(true);
                    }}
                  >
                    Reschedule
                  </Button>
                )}
                <Button variant="outline" color="red" loading={cancel.isPending} onClick={askCancel}>
                  Cancel visit
                </Button>
              </Group>
              {!view.canMove && (
                <Text size="sm" c="gray.7" ta="center">
                  This booking link is closed, so the visit can no longer be moved online. You can still cancel it, or
                  contact {view.organizationName}.
                </Text>
              )}
            </Stack>
          )
        ) : (
          <Text size="sm" c="gray.7" ta="center">
            It is too close to the visit to change it online. Please contact {view.organizationName}.
          </Text>
        )}
      </Stack>
    </PublicFrame>
  );
}
