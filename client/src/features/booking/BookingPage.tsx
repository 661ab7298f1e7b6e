import { Alert, Button, Group, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCalendarEvent, IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { PhoneInput } from '../../shared/PhoneInput';
import {
  dualTimeLabel,
  durationLabel,
  EMPTY_VISITOR,
  sharedBookingPath,
  visitorProblem,
  visitorZone,
  type Slot,
  type VisitorForm,
} from './booking';
import { slotTaken, useBookVisit, usePublicBookingLink } from './bookingApi';
import { Notice, PublicFrame } from '../../shared/PublicFrame';
import { SlotPicker } from './SlotPicker';
import { DateTime } from 'luxon';

/**
 * The public booking page (/book/{linkId}, #16): anyone with the link picks a free time of the service and books
 * it with their name and e-mail; then their visit's own page.
 */
export function BookingPage() {
  const { linkId = '' } = useParams();
  const navigate = useNavigate();
  const link = usePublicBookingLink(linkId);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [form, setForm] = useState<VisitorForm>(EMPTY_VISITOR);
  const [problem, setProblem] = useState<string | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const book = useBookVisit(linkId, {
    onSuccess: (result) => {
      if (result.data?.id) navigate(sharedBookingPath(result.data.id));
    },
    onError: (error) => {
      if (slotTaken(error)) {
        // Someone was quicker: back to the times, fetched afresh.
        setTaken(errorMessage(error));
        setSlot(null);
      } else setProblem(errorMessage(error));
    },
  });

  if (link.isPending)
    return (
      <PublicFrame title="Book a visit">
        <Stack gap="md">
          <Skeleton h={28} w="70%" />
          <Skeleton h={16} />
          <Skeleton h={160} />
        </Stack>
      </PublicFrame>
    );
  if (link.isError)
    return (
      <PublicFrame title="Book a visit">
        <Notice icon={<IconAlertCircle size={30} />} title="This booking link cannot be used" color="red">
          {errorMessage(link.error)}
        </Notice>
      </PublicFrame>
    );

  const view = link.data;
  const zone = view.timeZone;
  const set = (field: keyof VisitorForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  function send(start: string) {
    const found = visitorProblem(form);
    setProblem(found);
    if (!found) book.mutate({ start, visitor: form });
  }

  return (
    <PublicFrame title="Book a visit" organization={view.organizationName} logoUrl={view.logoUrl} wide>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={24} c="navy.8">
            {view.serviceName}
          </Title>
          <Group gap={6}>
            <IconClock size={16} color="var(--mantine-color-gray-7)" aria-hidden />
            <Text size="sm" c="gray.7">
              {durationLabel(view.durationMinutes)}
            </Text>
          </Group>
        </Stack>
        {slot ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send(slot.start);
            }}
          >
            <Stack gap="md">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <IconCalendarEvent
                  size={20}
                  color="var(--mantine-color-navy-8)"
                  style={{ flexShrink: 0 }}
                  aria-hidden
                />
                <Stack gap={0}>
                  <Text fw={600} c="navy.8">
                    {DateTime.fromISO(slot.start).setZone(zone).toFormat('cccc, LLLL d')}
                  </Text>
                  <Text size="sm">{dualTimeLabel(slot.start, zone, visitorZone())}</Text>
                </Stack>
              </Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconArrowLeft size={14} />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => {
                  setSlot(null);
                  setProblem(null);
                }}
              >
                Choose another time
              </Button>
              {problem && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {problem}
                </Alert>
              )}
              <TextInput
                label="Name"
                required
                autoComplete="name"
                maxLength={100}
                value={form.name}
                onChange={(e) => set('name')(e.currentTarget.value)}
              />
              <TextInput
                label="Email"
                required
                type="email"
                autoComplete="email"
                maxLength={254}
                value={form.email}
                onChange={(e) => set('email')(e.currentTarget.value)}
              />
              <PhoneInput label="Phone" value={form.phone} onChange={set('phone')} />
              <TextInput
                label="Address"
                autoComplete="street-address"
                maxLength={300}
                value={form.address}
                onChange={(e) => set('address')(e.currentTarget.value)}
              />
              <Textarea
                label="Note"
                autosize
                minRows={2}
                maxRows={6}
                maxLength={2000}
                value={form.note}
                onChange={(e) => set('note')(e.currentTarget.value)}
              />
              <Button type="submit" size="md" loading={book.isPending}>
                Book this time
              </Button>
            </Stack>
          </form>
        ) : (
          <Stack gap="md">
            {taken && (
              <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {taken}
              </Alert>
            )}
            <SlotPicker
              linkId={linkId}
              zone={zone}
              onPick={(picked) => {
                setTaken(null);
                setProblem(null);
                setSlot(picked);
              }}
            />
          </Stack>
        )}
      </Stack>
    </PublicFrame>
  );
}
