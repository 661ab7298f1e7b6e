import { Anchor, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowMerge,
  IconHistory,
  IconMailOff,
  IconMapPin,
  IconPencil,
  IconUserQuestion,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../app/api';
import { paths } from '../../app/paths';
import { useAppStore } from '../../app/store';
import { HistoryModal } from '../../shared/History';
import { PageHeader } from '../../shared/PageHeader';
import { QueryError } from '../../shared/QueryError';
import { StatusScreen } from '../../shared/StatusScreen';
import { historyUrl } from '../audit/audit';
import { mapsUrl } from '../scheduling/jobs';
import { CustomerDocuments } from './CustomerDocuments';
import { CustomerFormModal } from './CustomerFormModal';
import { CustomerJobs } from './CustomerJobs';
import { addressLines, contactName, customerLabel, type Customer } from './customers';
import { useCustomer } from './customersApi';
import { unsubscribedNote } from './unsubscribe';
import { CustomerStatusBadge } from './CustomerStatusBadge';
import { bookedOnline, MergeCustomerModal } from './MergeCustomerModal';
import { AverageRating } from '../ratings/RatingStars';

const NO_NOTES = 'No notes are documented for this customer';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={600} tt="uppercase" c="gray.7" lts={0.4}>
        {label}
      </Text>
      <Box fz="sm" mt={2}>
        {children}
      </Box>
    </div>
  );
}

const orNone = (value: string | null) =>
  value || (
    <Text span size="sm" c="dimmed">
      —
    </Text>
  );

/** Customer detail (spec §2): who and where, status and terms, average rating, documents, jobs and ratings. */
export function CustomerDetailPage() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const [merging, setMerging] = useState(false);

  const back = (
    <Anchor component={Link} to={paths.customers} size="sm" fw={600}>
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Go Back
      </Group>
    </Anchor>
  );

  if (customer.error instanceof ApiError && customer.error.status === 404)
    return (
      <>
        {back}
        <StatusScreen
          icon={<IconUserQuestion size={30} />}
          title="Customer not found"
          message="This customer does not exist or was deleted. Their jobs and history are kept."
        />
      </>
    );
  if (customer.isError) return <QueryError error={customer.error} onRetry={() => void customer.refetch()} />;

  const c = customer.data;
  return (
    <>
      <Box mb="sm">{back}</Box>
      {c ? (
        <PageHeader
          title={customerLabel(c)}
          description={contactName(c) === customerLabel(c) ? undefined : `Contact: ${contactName(c)}`}
          actions={
            <>
              <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setHistory(true)}>
                History
              </Button>
              {bookedOnline(c) && (
                <Button variant="default" leftSection={<IconArrowMerge size={16} />} onClick={() => setMerging(true)}>
                  Merge into…
                </Button>
              )}
              <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                Edit Customer
              </Button>
            </>
          }
        />
      ) : (
        <Skeleton h={56} mb="lg" />
      )}
      <Stack gap="lg">
        <Paper withBorder shadow="xs" p={{ base: 'md', xs: 'lg' }} component="section" aria-label="Customer details">
          {c ? <Details customer={c} zone={zone} /> : <Skeleton h={160} />}
        </Paper>
        <CustomerDocuments customerId={id} zone={zone} />
        <CustomerJobs customerId={id} zone={zone} />
      </Stack>
      {editing && c && <CustomerFormModal customer={c} onClose={() => setEditing(false)} />}
      {merging && c && <MergeCustomerModal customer={c} onClose={() => setMerging(false)} />}
      {history && c && (
        <HistoryModal
          title={`History of ${customerLabel(c)}`}
          url={historyUrl.customer(id)}
          emptyHint="Nothing has been recorded for this customer yet."
          onClose={() => setHistory(false)}
        />
      )}
    </>
  );
}

function Details({ customer: c, zone }: { customer: Customer; zone: string }) {
  const lines = addressLines(c);
  return (
    <Stack gap="lg">
      <Field label="Average rating">
        <AverageRating average={c.averageRating} reviews={c.totalReviews} />
      </Field>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="lg">
        <Field label="Contact">{contactName(c)}</Field>
        <Field label="Phone">
          {c.contactPhone ? (
            <Anchor size="sm" href={`tel:${c.contactPhone.replace(/[^\d+]/g, '')}`}>
              {c.contactPhone}
            </Anchor>
          ) : (
            orNone(null)
          )}
        </Field>
        <Field label="Email">
          {c.contactEmail ? (
            <Anchor size="sm" href={`mailto:${c.contactEmail}`} style={{ overflowWrap: 'anywhere' }}>
              {c.contactEmail}
            </Anchor>
          ) : (
            orNone(null)
          )}
          {c.unsubscribedAt && (
            <Group gap={6} wrap="nowrap" align="flex-start" mt={4}>
              <IconMailOff
                size={14}
                aria-hidden
                style={{ flexShrink: 0, marginTop: 2, color: 'var(--mantine-color-gray-7)' }}
              />
              <Text size="xs" c="gray.7">
                {unsubscribedNote(c.unsubscribedAt, zone)}
              </Text>
            </Group>
          )}
        </Field>
        <Field label="Address">
          {lines.length ? (
            <Stack gap={2}>
              {lines.map((line) => (
                <span key={line}>{line}</span>
              ))}
              <Anchor href={mapsUrl(lines.join(', '))} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} component="span">
                  <IconMapPin size={14} aria-hidden />
                  Open in maps
                </Group>
              </Anchor>
            </Stack>
          ) : (
            orNone(null)
          )}
        </Field>
        <Field label="Status">
          <CustomerStatusBadge status={c.status} />
        </Field>
        <Field label="Job type">{orNone(c.jobType)}</Field>
        <Field label="Billing frequency">{orNone(c.billingFrequency)}</Field>
        {c.displayName && c.name && <Field label="Display name">{c.displayName}</Field>}
      </SimpleGrid>
      <Field label="Notes">
        {c.notes ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {c.notes}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {NO_NOTES}
          </Text>
        )}
      </Field>
    </Stack>
  );
}
