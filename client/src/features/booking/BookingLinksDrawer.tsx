import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  CopyButton,
  Drawer,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconCheck,
  IconCopy,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { BookingLinkView } from '../../../../src/shared/booking';
import { errorMessage } from '../../app/api';
import { MOBILE_QUERY } from '../../app/theme';
import { confirmDelete } from '../../shared/confirmDelete';
import { notifyError, notifySuccess } from '../../shared/notify';
import { QueryError } from '../../shared/QueryError';
import { StatusBadge } from '../../shared/StatusBadge';
import type { JobPerson } from '../scheduling/jobs';
import {
  bookingLinkFormProblem,
  DURATION_OPTIONS,
  durationLabel,
  NEW_LINK_FORM,
  publicBookingUrl,
  type BookingLinkForm,
} from './booking';
import { useBookingLinks, useCreateBookingLink, useDeleteBookingLink, usePauseBookingLink } from './bookingApi';

/** The managers' booking links (#16), from the Job Schedule: each link's public address to hand out, and a new one. */
export function BookingLinksDrawer({ employees, onClose }: { employees: JobPerson[]; onClose: () => void }) {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const links = useBookingLinks();
  const [creating, setCreating] = useState(false);
  return (
    <Drawer
      opened
      onClose={onClose}
      position={mobile ? 'bottom' : 'right'}
      size={mobile ? '90%' : 480}
      title={
        <Title order={2} fz={18} c="navy.8">
          Booking links
        </Title>
      }
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Customers book a service online from a link: a free time of its staff, within their weekly availability and
          clear of their other jobs. Each visit becomes a job on the schedule.
        </Text>
        {creating ? (
          <NewLinkForm employees={employees} onDone={() => setCreating(false)} />
        ) : (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} style={{ alignSelf: 'start' }}>
            New booking link
          </Button>
        )}
        {links.isError && <QueryError error={links.error} onRetry={() => void links.refetch()} />}
        {links.isPending ? (
          <Stack gap="sm">
            <Skeleton h={110} />
            <Skeleton h={110} />
          </Stack>
        ) : (
          links.data &&
          (links.data.length === 0 ? (
            <Text size="sm" c="gray.7">
              No booking links yet.
            </Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {links.data.map((link) => (
                <li key={link.id}>
                  <LinkCard link={link} />
                </li>
              ))}
            </Stack>
          ))
        )}
      </Stack>
    </Drawer>
  );
}

function LinkCard({ link }: { link: BookingLinkView }) {
  const url = publicBookingUrl(window.location.origin, link.id);
  const paused = link.status === 'paused';
  const toggle = usePauseBookingLink({
    onSuccess: () => notifySuccess(paused ? 'Booking link resumed' : 'Booking link paused'),
    onError: (error) => notifyError(errorMessage(error)),
  });
  const remove = useDeleteBookingLink({
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => notifyError(errorMessage(error)),
  });
  const rules = [
    durationLabel(link.durationMinutes),
    `${link.bookings} ${link.bookings === 1 ? 'booking' : 'bookings'}${link.maxBookings ? ` of ${link.maxBookings}` : ''}`,
    link.expiresOn ? `until ${link.expiresOn}` : null,
  ].filter(Boolean);
  return (
    <Card withBorder radius="md" p="sm" aria-label={`Booking link ${link.serviceName}`} component="article">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} c="navy.8">
              {link.serviceName}
            </Text>
            <Text size="xs" c="gray.7">
              {rules.join(' · ')}
            </Text>
          </Stack>
          <StatusBadge color={paused ? 'gray' : 'teal'}>{paused ? 'Paused' : 'Active'}</StatusBadge>
        </Group>
        <Text size="sm">{link.staff.map((s) => s.fullName).join(', ')}</Text>
        <Group gap={6} wrap="nowrap">
          <Anchor
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {url}
          </Anchor>
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="light"
                color={copied ? 'teal' : 'navy'}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
                style={{ flexShrink: 0 }}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group gap={6} justify="flex-end">
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
            loading={toggle.isPending}
            onClick={() => toggle.mutate({ link, paused: !paused })}
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete booking link ${link.serviceName}`}
              loading={remove.isPending}
              onClick={() =>
                confirmDelete({
                  title: 'Delete booking link',
                  message: `Its page stops taking bookings; visits already booked stay on the schedule.`,
                  onConfirm: () => remove.mutate(link),
                })
              }
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Card>
  );
}

function NewLinkForm({ employees, onDone }: { employees: JobPerson[]; onDone: () => void }) {
  const [form, setForm] = useState<BookingLinkForm>(NEW_LINK_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof BookingLinkForm>(key: K, value: BookingLinkForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const num = (value: string | number, fallback: number) => (typeof value === 'number' ? value : fallback);
  const create = useCreateBookingLink({
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      onDone();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  return (
    <Card withBorder radius="md" p="md" bg="var(--app-page-bg)">
      <form
        noValidate
        aria-label="New booking link"
        onSubmit={(event) => {
          event.preventDefault();
          const found = bookingLinkFormProblem(form);
          setProblem(found);
          if (!found) create.mutate(form);
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz={16} c="navy.8">
            New booking link
          </Title>
          {problem && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <TextInput
            label="Service name"
            required
            maxLength={200}
            value={form.serviceName}
            onChange={(e) => set('serviceName', e.currentTarget.value)}
          />
          <SimpleGrid cols={2} spacing="sm">
            <Select
              label="Duration"
              data={DURATION_OPTIONS}
              allowDeselect={false}
              value={String(form.durationMinutes)}
              onChange={(value) => value && set('durationMinutes', Number(value))}
            />
            <NumberInput
              label="Buffer (minutes)"
              min={0}
              max={240}
              step={5}
              allowDecimal={false}
              value={form.bufferMinutes}
              onChange={(value) => set('bufferMinutes', num(value, 0))}
            />
          </SimpleGrid>
          <MultiSelect
            label="Staff"
            required
            searchable
            placeholder={form.staffIds.length ? undefined : 'Who takes these visits'}
            data={employees.map((e) => ({ value: e.id, label: e.fullName }))}
            value={form.staffIds}
            onChange={(value) => set('staffIds', value)}
          />
          <SimpleGrid cols={2} spacing="sm">
            <NumberInput
              label="Minimum notice (hours)"
              min={0}
              max={720}
              allowDecimal={false}
              value={form.minimumNoticeHours}
              onChange={(value) => set('minimumNoticeHours', num(value, 0))}
            />
            <NumberInput
              label="How far ahead (days)"
              min={1}
              max={365}
              allowDecimal={false}
              value={form.horizonDays}
              onChange={(value) => set('horizonDays', num(value, 1))}
            />
            <DatePickerInput
              label="Expiry date"
              placeholder="No end (optional)"
              clearable
              valueFormat="MMM D, YYYY"
              value={form.expiresOn}
              onChange={(value) => set('expiresOn', value ? String(value).slice(0, 10) : null)}
            />
            <NumberInput
              label="Maximum bookings"
              placeholder="No limit (optional)"
              min={1}
              allowDecimal={false}
              value={form.maxBookings ?? ''}
              onChange={(value) => set('maxBookings', typeof value === 'number' ? value : null)}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create link
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
