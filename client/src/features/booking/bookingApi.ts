import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingLinkView,
  PublicBookingLink,
  RescheduleRequest,
  SharedBooking,
  VisitSlots,
} from '../../../../src/shared/booking';
import { api, ApiError, type MutationResult } from '../../app/api';
import { invalidateUrls } from '../../app/queryClient';
import { useApiQuery } from '../../shared/useApiQuery';
import {
  BOOKING_LINKS_URL,
  bookingLinkInput,
  bookingLinkUrl,
  bookingRequest,
  PUBLIC,
  sharedBookingUrl,
  type BookingLinkForm,
  type Slot,
  type VisitorForm,
} from './booking';

type Answer = MutationResult & { message: string };
type VisitSlot = VisitSlots['slots'][number];

/** What a screen does when a call answers or is refused (its own state: notices, problems, what it shows next). */
interface Outcome<T> {
  onSuccess: (answer: T) => void;
  onError: (error: Error) => void;
}

/** A public page's own data: a bad or closed link is an error shown as is, never retried. */
function usePublicQuery<T>(url: string) {
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => api.get<T>(url, { ...PUBLIC, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The service a booking link offers, for the public booking page. */
export const usePublicBookingLink = (linkId: string) => usePublicQuery<PublicBookingLink>(bookingLinkUrl(linkId));

/** A booked visit's own page: what, when, with whom, and whether it may still change. */
export const useSharedBooking = (id: string) => usePublicQuery<SharedBooking>(sharedBookingUrl(id));

/** Free slots of a link (or a booked visit's, `url`), two weeks at a time; the shown page stays while the next loads. */
export function useSlots<S extends Slot>(url: string) {
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => api.get<{ timeZone: string; slots: S[] }>(url, { ...PUBLIC, signal }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
}

/** A 409: someone was quicker and took the time. */
export const slotTaken = (error: unknown) => error instanceof ApiError && error.status === 409;

/** A refusal that means the visit or its link changed meanwhile (taken, cancelled by the company, link closed). */
export const changedMeanwhile = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.status === 410);

/** Books the visitor's time; a time taken meanwhile sends every slot list back to the server. */
export function useBookVisit(linkId: string, on: Outcome<MutationResult<{ id: string }>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ start, visitor }: { start: string; visitor: VisitorForm }) =>
      api.post<MutationResult<{ id: string }>>(
        `${bookingLinkUrl(linkId)}/bookings`,
        bookingRequest(start, visitor),
        PUBLIC,
      ),
    onSuccess: on.onSuccess,
    onError: (error) => {
      if (slotTaken(error))
        void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('/slots?') });
      on.onError(error);
    },
  });
}

/** Everything the visit's page shows is fetched again after a change, or a refusal saying it changed meanwhile. */
function useVisitChange<V>(call: (variables: V) => Promise<Answer>, on: Outcome<Answer>) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/') });
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      on.onSuccess(answer);
      void refetch();
    },
    onError: (error) => {
      on.onError(error);
      if (changedMeanwhile(error)) void refetch();
    },
  });
}

/** The visitor cancels their visit. */
export const useCancelVisit = (id: string, on: Outcome<Answer>) =>
  useVisitChange<void>(() => api.post<Answer>(`${sharedBookingUrl(id)}/cancel`, {}, PUBLIC), on);

/** The visitor moves their visit to another free time of its link. */
export const useRescheduleVisit = (id: string, on: Outcome<Answer>) =>
  useVisitChange<VisitSlot>(
    (slot) =>
      api.post<Answer>(`${sharedBookingUrl(id)}/reschedule`, { start: slot.start } satisfies RescheduleRequest, PUBLIC),
    on,
  );

/** The organization's booking links (managers, from the Job Schedule). */
export const useBookingLinks = () => useApiQuery<BookingLinkView[]>(BOOKING_LINKS_URL);

const refetchLinks = () => invalidateUrls([BOOKING_LINKS_URL]);

/** A manager's change of a link; the links refetch after it. */
function useLinkChange<V>(call: (variables: V) => Promise<Answer>, on: Outcome<Answer>) {
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      on.onSuccess(answer);
      void refetchLinks();
    },
    onError: on.onError,
  });
}

export const useCreateBookingLink = (on: Outcome<Answer>) =>
  useLinkChange<BookingLinkForm>((form) => api.post<Answer>(BOOKING_LINKS_URL, bookingLinkInput(form)), on);

/** Pauses an active link or resumes a paused one. */
export const usePauseBookingLink = (on: Outcome<Answer>) =>
  useLinkChange<{ link: BookingLinkView; paused: boolean }>(
    ({ link, paused }) => api.patch<Answer>(bookingLinkUrl(link.id), { status: paused ? 'paused' : 'active' }),
    on,
  );

export const useDeleteBookingLink = (on: Outcome<Answer>) =>
  useLinkChange<BookingLinkView>((link) => api.delete<Answer>(bookingLinkUrl(link.id)), on);
