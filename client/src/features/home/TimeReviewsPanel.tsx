import { Box, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { Fragment } from 'react';
import { errorMessage } from '../../app/api';
import { notifyError, notifySuccess } from '../../shared/notify';
import { StatusBadge } from '../../shared/StatusBadge';
import { UserAvatar } from '../../shared/UserAvatar';
import { useAnswerTimeReview, useTimeReviews } from './homeApi';
import { momentLabel, moreOfOthers, moreOfPerson, reviewedTimeLabel, type TimeReview } from './timeReviews';

/**
 * Time to review (issue #29 item 5): what phones sent later with their clocks off or on a job deleted meanwhile, for a
 * manager to approve (the time becomes what the phone said) or decline. By person, the oldest first, each with their
 * oldest few and how many more (issue #44 item 3). Hidden while there is none; live through the reviews' pushes.
 */
export function TimeReviewsPanel({ zone }: { zone: string }) {
  const reviews = useTimeReviews();
  const answer = useAnswerTimeReview();
  const data = reviews.data;
  if (!data || data.total === 0) return null;
  const others = moreOfOthers(data);
  const rows = data.people.flatMap((person) => {
    const more = moreOfPerson(person);
    return [
      ...person.reviews.map((review) => ({ key: review.id, review, more: null })),
      ...(more ? [{ key: `more-${person.userId}`, review: null, more }] : []),
    ];
  });
  if (others) rows.push({ key: 'more-others', review: null, more: others });

  async function onAnswer(review: TimeReview, kind: 'approve' | 'decline') {
    try {
      notifySuccess((await answer.mutateAsync({ id: review.id, answer: kind })).message);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <Paper
      withBorder
      shadow="xs"
      style={{ overflow: 'hidden' }}
      component="section"
      aria-labelledby="time-reviews-title"
    >
      <Group justify="space-between" px={{ base: 'md', xs: 'lg' }} py="md" gap="xs">
        <div>
          <Title order={2} fz={18} c="navy.8" id="time-reviews-title">
            Time to review
          </Title>
          <Text size="sm" c="gray.7">
            Sent from phones that were offline, as our clock or the schedule cannot take them as they are. Approving
            records them as the phone said.
          </Text>
        </div>
        <StatusBadge color="red">{data.total} pending</StatusBadge>
      </Group>
      <Divider color="var(--app-border)" />
      <Stack component="ul" gap={0} p={0} m={0} aria-labelledby="time-reviews-title" style={{ listStyle: 'none' }}>
        {rows.map((row, index) => (
          <Fragment key={row.key}>
            {index > 0 && <Divider component="li" aria-hidden color="var(--app-border)" />}
            {row.review ? (
              <ReviewRow
                review={row.review}
                zone={zone}
                busy={answer.isPending}
                onAnswer={(kind) => void onAnswer(row.review, kind)}
              />
            ) : (
              <Text component="li" size="sm" c="gray.7" px={{ base: 'md', xs: 'lg' }} py="xs">
                {row.more}
              </Text>
            )}
          </Fragment>
        ))}
      </Stack>
    </Paper>
  );
}

/** One review: who, what, the time it would record, when on the phone and when received, why, and the answers. */
function ReviewRow({
  review,
  zone,
  busy,
  onAnswer,
}: {
  review: TimeReview;
  zone: string;
  busy: boolean;
  onAnswer: (kind: 'approve' | 'decline') => void;
}) {
  const [firstName, ...rest] = review.userFullName.split(' ');
  const label = `${review.userFullName}: ${review.what}`;
  return (
    <Box component="li" px={{ base: 'md', xs: 'lg' }} py="sm" aria-label={label}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UserAvatar firstName={firstName} lastName={rest.join(' ')} size={30} visibleFrom="xs" />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} c="navy.8">
                {review.userFullName}
              </Text>
              <Text size="sm">
                {review.what}
                {review.timer.customerName ? ` · ${review.timer.customerName}` : ''}
              </Text>
            </div>
            <Group gap={6} wrap="nowrap" visibleFrom="sm">
              <Answers review={review} busy={busy} onAnswer={onAnswer} />
            </Group>
          </Group>
          <Text size="xs" c="gray.7">
            {reviewedTimeLabel(review, zone)}
          </Text>
          <Text size="xs" c="gray.7">
            On the phone: {momentLabel(review.deviceTime, zone)} · Reached us: {momentLabel(review.receivedAt, zone)}
          </Text>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconAlertTriangle
              size={14}
              color="var(--mantine-color-orange-8)"
              aria-hidden
              style={{ marginTop: 2, flexShrink: 0 }}
            />
            <Text size="xs" c="red.9">
              {review.reason}
            </Text>
          </Group>
          <Group gap={6} grow hiddenFrom="sm" mt={4}>
            <Answers review={review} busy={busy} onAnswer={onAnswer} />
          </Group>
        </Stack>
      </Group>
    </Box>
  );
}

function Answers({
  review,
  busy,
  onAnswer,
}: {
  review: TimeReview;
  busy: boolean;
  onAnswer: (kind: 'approve' | 'decline') => void;
}) {
  return (
    <>
      <Button
        size="xs"
        leftSection={<IconCheck size={14} />}
        disabled={busy}
        onClick={() => onAnswer('approve')}
        aria-label={`Approve ${review.userFullName}'s time: ${review.what}`}
      >
        Approve
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconX size={14} />}
        disabled={busy}
        onClick={() => onAnswer('decline')}
        aria-label={`Decline ${review.userFullName}'s time: ${review.what}`}
      >
        Decline
      </Button>
    </>
  );
}
