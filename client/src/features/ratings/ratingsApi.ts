import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import { useApiQuery } from '../../shared/useApiQuery';
import type { Paged } from '../../../../src/shared/paging';
import { CUSTOMERS_URL } from '../customers/customers';
import {
  feedbackUrl,
  myRatingsUrl,
  RATING_REQUEST_URL,
  RATINGS_URL,
  ratingUrl,
  type FeedbackPageView,
  type Rating,
} from './ratings';

/** The feedback page is public: no session, no CSRF token, and a 401 is not "sign in again". */
const PUBLIC = { csrf: false, redirectOnUnauthorized: false } as const;

/** My Job Ratings, one page, newest first; the previous page stays shown while the next loads. */
export const useMyRatings = (page: number) => useApiQuery<Paged<Rating>>(myRatingsUrl(page), { keepPrevious: true });

/** The job a feedback link is about (public); a bad or used link is an error shown as is, never retried. */
export function useFeedbackPage(token: string) {
  return useQuery({
    queryKey: [feedbackUrl(token)],
    queryFn: ({ signal }) => api.get<FeedbackPageView>(feedbackUrl(token), { ...PUBLIC, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The customer's answer (no stars: null; blank comments: null); a second answer is a 409. */
export function useSubmitFeedback(token: string, on: { onSuccess: () => void; onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: ({ rating, comments }: { rating: number; comments: string }) =>
      api.post(feedbackUrl(token), { rating: rating || null, comments: comments.trim() || null }, PUBLIC),
    ...on,
  });
}

/** A manager asks a finished job's customer to rate it; the answer's message says to whom it went. */
export function useRequestRating() {
  return useMutation({
    mutationFn: (jobId: string) => api.post<{ success: true; message: string }>(RATING_REQUEST_URL, { jobId }),
  });
}

/** A manager's edit of a job's rating (no stars: null; blank notes: null); Jobs & Ratings and the average refetch. */
export function useEditRating(jobId: string) {
  return useMutation({
    mutationFn: ({ rating, notes }: { rating: number; notes: string }) =>
      api.patch<{ success: true; message: string }>(ratingUrl(jobId), {
        rating: rating || null,
        notes: notes.trim() || null,
      }),
    onSuccess: () => invalidateUrls([RATINGS_URL, CUSTOMERS_URL]),
  });
}
