import { Group, Rating, Text } from '@mantine/core';

/** An average rating as stars with its number to 2 decimals and the count of reviews (spec §9), or none yet. */
export function AverageRating({ average, reviews }: { average: number | null; reviews: number }) {
  if (average === null || reviews === 0)
    return (
      <Text size="sm" c="dimmed">
        No ratings yet
      </Text>
    );
  return (
    <Group gap={8} wrap="nowrap" aria-label={`Average rating ${average.toFixed(2)} out of 5 from ${reviews} reviews`}>
      <Rating value={average} fractions={4} readOnly size="sm" aria-hidden />
      <Text size="sm" fw={700}>
        {average.toFixed(2)}
      </Text>
      <Text size="sm" c="dimmed">
        ({reviews} {reviews === 1 ? 'review' : 'reviews'})
      </Text>
    </Group>
  );
}

/** One job's stars, or what stands in for none ('Not rated' before any answer, 'No stars' when given none). */
export function JobStars({ rating, none = 'Not rated' }: { rating: number | null; none?: string }) {
  return rating === null ? (
    <Text size="sm" c="dimmed">
      {none}
    </Text>
  ) : (
    <Rating value={rating} readOnly size="sm" role="img" aria-label={`Rated ${rating} out of 5`} />
  );
}
