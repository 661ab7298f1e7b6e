import { Button, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { MOBILE_QUERY } from '../../app/theme';
import { notifySuccess } from '../../shared/notify';
import { ServerErrorAlert } from '../../shared/ServerErrorAlert';
import type { CustomerJobReview, CustomerJobView } from '../../../../src/shared/customers';
import { NO_COMMENTS } from './ratings';
import { useEditRating } from './ratingsApi';
import { JobStars } from './RatingStars';

/** What the customer sent, beside a manager's edit of it. */
export function OriginalReview({ original }: { original: CustomerJobReview['original'] }) {
  if (!original) return null;
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="gray.7">
        The customer's original rating
      </Text>
      <JobStars rating={original.rating} none="No stars" />
      <Text size="sm" c={original.comments ? undefined : 'gray.7'} style={{ whiteSpace: 'pre-wrap' }}>
        {original.comments || NO_COMMENTS}
      </Text>
    </Stack>
  );
}

/** A Jobs & Ratings row the customer has answered. */
export type ReviewedJob = CustomerJobView & { review: CustomerJobReview };

/** A manager corrects a job's rating (spec §7: PATCH /api/ratings/{id}); the customer's original is kept. */
export function EditRatingModal({ job, onClose }: { job: ReviewedJob; onClose: () => void }) {
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [rating, setRating] = useState(job.review.rating ?? 0);
  const [notes, setNotes] = useState(job.review.comments ?? '');
  const save = useEditRating(job.id);

  function submit() {
    save.mutate(
      { rating, notes },
      {
        onSuccess: () => {
          notifySuccess('Job review has been updated');
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Edit the rating of ${job.name}`} size={520} fullScreen={mobile}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <ServerErrorAlert error={save.error} />
          <Stack gap={6}>
            <Text fw={600} size="sm" id="edit-rating-stars-label">
              Rating
            </Text>
            <Group gap="sm">
              <Rating
                value={rating}
                onChange={setRating}
                size="lg"
                aria-labelledby="edit-rating-stars-label"
                getSymbolLabel={(stars) => `${stars} ${stars === 1 ? 'star' : 'stars'}`}
              />
              <Text size="sm" c="gray.7">
                {rating > 0 ? `${rating} of 5` : 'No stars'}
              </Text>
              {rating > 0 && (
                <Button variant="subtle" size="compact-sm" onClick={() => setRating(0)}>
                  Clear stars
                </Button>
              )}
            </Group>
          </Stack>
          <Textarea
            label="Notes"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={4000}
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
            data-autofocus
          />
          {job.review.edited && <OriginalReview original={job.review.original} />}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
