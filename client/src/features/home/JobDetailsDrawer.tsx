import { Alert, Anchor, Badge, Button, Drawer, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCar,
  IconCheck,
  IconChevronDown,
  IconClock,
  IconHandGrab,
  IconMapPin,
  IconNotes,
  IconRepeat,
  IconStar,
  IconUser,
  IconUsers,
  IconWorldWww,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { RequestStatus } from '../../../../src/shared/jobs';
import { errorMessage } from '../../app/api';
import { useHasClaim } from '../session/session';
import { useRequestRating } from '../ratings/ratingsApi';
import { useAppStore } from '../../app/store';
import { MOBILE_QUERY } from '../../app/theme';
import { notifyError, notifySuccess } from '../../shared/notify';
import { useCancelRequest, useRequestJob } from '../job-requests/jobRequestsApi';
import { useWaiting } from '../offline/OfflineStatus';
import { waitingToSync } from '../offline/outbox';
import { customerAddress, mapsUrl, type Job } from '../scheduling/jobs';
import { describeRecurrence } from '../scheduling/recurrenceForm';
import { timeRangeLabel } from '../scheduling/zonedTime';
import { useNow } from '../../shared/useNow';
import { useOnMyWay, useOnMyWayStatus } from './homeApi';
import { JobTimer } from './JobTimer';
import { canSayOnMyWay, etaLabel, ON_MY_WAY_ETA_MINUTES, sentLabels, type OnMyWayEta } from './onMyWay';

/**
 * A job's details (Home): what, when, where (with a maps link), notes and who; the request button on an open job, the
 * timer on one's own, and "On my way" on one's own of today with a customer.
 */
export function JobDetailsDrawer({
  job,
  zone,
  requestable = false,
  readOnly = false,
  onClose,
}: {
  job: Job;
  zone: string;
  requestable?: boolean;
  /** As of a moment (issue #17): the job as it stood then; no timer, no request, no rating request. */
  readOnly?: boolean;
  onClose: () => void;
}) {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const userId = useAppStore((s) => s.session?.user.id);
  const mine = !!userId && (job.leadUserId === userId || job.userIds.includes(userId));
  const schedules = useHasClaim('jobs.crud');
  const address = customerAddress(job.customer);
  const now = useNow(30_000);
  const onMyWay = !readOnly && canSayOnMyWay(job, userId, now, zone);
  return (
    <Drawer
      opened
      onClose={onClose}
      position={mobile ? 'bottom' : 'right'}
      size={mobile ? '85%' : 420}
      title={
        <Group gap={10} wrap="nowrap">
          <span style={{ width: 12, height: 12, borderRadius: 4, background: job.color, flexShrink: 0 }} aria-hidden />
          <Title order={3} fz={18} c="navy.8">
            {job.name}
          </Title>
        </Group>
      }
    >
      <Stack gap="lg">
        {job.selfBooked && (
          <Alert color="teal" variant="light" icon={<IconWorldWww size={18} />} py={8}>
            {job.scheduledOnBehalfOf ? `Booked online by ${job.scheduledOnBehalfOf}` : 'Booked online'}
          </Alert>
        )}
        {requestable && !readOnly && <RequestJob job={job} />}
        {mine && !readOnly && !job.availabilityOnly && <JobTimer job={job} />}
        {onMyWay && <OnMyWay job={job} zone={zone} />}
        <Detail icon={<IconClock size={18} />} label="When">
          <Text size="sm">{timeRangeLabel(job.startDateTime, job.endDateTime, zone)}</Text>
          {job.jobRecurrenceModel && (
            <Group gap={4} mt={4}>
              <IconRepeat size={14} color="var(--mantine-color-gray-6)" />
              <Text size="xs" c="dimmed">
                {describeRecurrence(job.jobRecurrenceModel)}
              </Text>
            </Group>
          )}
        </Detail>
        <Detail icon={<IconMapPin size={18} />} label="Customer">
          <Text size="sm" fw={600}>
            {job.customer?.name ?? 'Internal'}
          </Text>
          {address ? (
            <Anchor href={mapsUrl(address)} target="_blank" rel="noopener noreferrer" size="sm">
              {address}
            </Anchor>
          ) : (
            job.customer && (
              <Text size="sm" c="dimmed">
                No address
              </Text>
            )
          )}
        </Detail>
        <Detail icon={<IconNotes size={18} />} label="Notes">
          <Text size="sm" c={job.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
            {job.notes || 'No notes'}
          </Text>
        </Detail>
        <Detail icon={<IconUser size={18} />} label="Lead">
          <Text size="sm" c={job.leadUser ? undefined : 'dimmed'}>
            {job.leadUser?.fullName ?? 'No lead'}
          </Text>
        </Detail>
        <Detail icon={<IconUsers size={18} />} label="Assigned">
          {job.users.length ? (
            <Group gap={6}>
              {job.users.map((u) => (
                <Badge key={u.id} variant="light" color="navy" radius="sm" tt="none" fw={600}>
                  {u.fullName}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Nobody yet
            </Text>
          )}
        </Detail>
        {(job.number || job.type) && (
          <Group gap="xl">
            {job.number && <Field label="Job number" value={job.number} />}
            {job.type && <Field label="Job type" value={job.type} />}
          </Group>
        )}
        {schedules && !readOnly && job.customer && Date.parse(job.endDateTime) <= Date.now() && (
          <RatingRequest job={job} />
        )}
      </Stack>
    </Drawer>
  );
}

const REQUEST_STATE: Record<RequestStatus, string> = {
  pending: 'You requested this job. A customer manager will approve or deny it.',
  approved: 'Your request was approved.',
  denied: 'Your request for this job was denied.',
  notChosen: 'This job was given to another employee.',
  cancelled: 'This job was deleted.',
};

/** An open job: the request button (spec §4 Job openness), or where the employee's request stands. */
function RequestJob({ job }: { job: Job }) {
  const request = useRequestJob();
  const cancel = useCancelRequest();
  const [sent, setSent] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const waiting = useWaiting((e) => e.effect.kind === 'requestJob' && e.effect.jobId === job.id);
  const cancelWaiting = useWaiting((e) => e.effect.kind === 'cancelRequest' && e.effect.jobId === job.id);
  // A cancel just sent (or waiting to sync) shows the job as requestable again, before the server's lists follow.
  const status: RequestStatus | null =
    cancelled || cancelWaiting ? null : (job.requestStatus ?? (sent || waiting ? 'pending' : null));
  async function withdraw() {
    try {
      const result = await cancel.mutateAsync(job.id);
      setSent(false);
      setCancelled(true);
      notifySuccess(result.body?.message ?? waitingToSync(result, 'Your request was cancelled'));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }
  if (status) {
    return (
      <Stack gap={6}>
        <Alert color={status === 'pending' ? 'navy' : 'gray'} variant="light" icon={<IconHandGrab size={18} />}>
          {waiting ? 'You requested this job on this device. Waiting to sync.' : REQUEST_STATE[status]}
        </Alert>
        {status === 'pending' && (
          <Button variant="default" onClick={() => void withdraw()} loading={cancel.isPending}>
            Cancel request
          </Button>
        )}
      </Stack>
    );
  }
  async function send() {
    try {
      const result = await request.mutateAsync(job.id);
      // Sent: requested. Waiting in the outbox: the outbox's entry says so until the server's answer.
      setSent(!result.queued);
      setCancelled(false);
      notifySuccess(result.body?.message ?? waitingToSync(result, 'You requested this job'));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }
  return (
    <Stack gap={6}>
      <Text size="sm">This job is available for requests.</Text>
      <Button leftSection={<IconHandGrab size={16} />} onClick={() => void send()} loading={request.isPending}>
        Request job
      </Button>
    </Stack>
  );
}

/**
 * "On my way" (issue #31 item 4): the arrival chosen from the menu, the customer's contact is e-mailed that the crew
 * is on the way, once per job and day. Once sent (by anyone of the crew), the button says when, and is not offered
 * again (issue #44).
 */
function OnMyWay({ job, zone }: { job: Job; zone: string }) {
  const userId = useAppStore((s) => s.session?.user.id);
  const status = useOnMyWayStatus(job.id);
  const tell = useOnMyWay();
  const customer = job.customer?.name ?? 'the customer';
  async function send(etaMinutes: OnMyWayEta) {
    try {
      notifySuccess((await tell.mutateAsync({ jobId: job.id, etaMinutes })).message);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }
  const sent = status.data?.sent;
  if (sent) {
    const labels = sentLabels(sent, customer, userId, zone);
    return (
      <Stack gap={4}>
        <Button variant="light" leftSection={<IconCheck size={16} />} disabled>
          {labels.button}
        </Button>
        <Text size="xs" c="dimmed">
          {labels.note}
        </Text>
      </Stack>
    );
  }
  return (
    <Menu position="bottom" width="target" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconCar size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={tell.isPending || status.isLoading}
        >
          On my way
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>E-mail {customer} that you are on your way, arriving</Menu.Label>
        {ON_MY_WAY_ETA_MINUTES.map((minutes) => (
          <Menu.Item key={minutes} onClick={() => void send(minutes)}>
            {etaLabel(minutes)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A finished job with a customer: a manager sends its contact a link to rate it, or sends it again. */
function RatingRequest({ job }: { job: Job }) {
  const request = useRequestRating();
  async function send() {
    try {
      notifySuccess((await request.mutateAsync(job.id)).message);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        Ask {job.customer?.name} to rate this job: their contact gets an e-mail with a link.
      </Text>
      <Button
        variant="light"
        leftSection={<IconStar size={16} />}
        onClick={() => void send()}
        loading={request.isPending}
      >
        Send rating request
      </Button>
    </Stack>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <Text c="navy.6" mt={2} component="span">
        {icon}
      </Text>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.4 }}>
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}
