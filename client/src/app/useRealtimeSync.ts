import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { endClientSession } from '../features/session/endSession';
import { notifyInfo, notifySuccess } from '../shared/notify';
import { answeredMessage } from '../features/job-requests/jobRequestsApi';
import { bookingNotice } from '../features/booking/booking';
import { paths } from './paths';
import { invalidateEverything, invalidateUrls } from './queryClient';
import { staleUrlsFor } from './realtime';
import { emitServerEvent } from './serverEvents';
import { connectSocket } from './socket';
import { useAppStore } from './store';

/**
 * While signed in: listen for change notices and refetch what they make stale. socket.io drops
 * notices while disconnected, so every connect, and the browser coming back online, refetches
 * everything on screen.
 */
export function useRealtimeSync(): void {
  const userId = useAppStore((s) => s.session?.user.id);
  const navigate = useNavigate();

  useEffect(() => {
    if (!userId) return;
    const me = { userId };
    const socket = connectSocket();
    // Notices sent before the socket joined its rooms are lost: what was fetched before (on the first
    // connect, while the screen loaded) or during a disconnection is refetched on every connect.
    socket.on('connect', () => void invalidateEverything());
    // Back online, the socket may take its reconnection backoff (up to several seconds) to notice, or
    // never notice a connection the browser kept: refetch at once rather than wait for it. A socket still
    // not connected starts a fresh attempt now: one that went offline while connecting is closed by
    // socket.io's own 'offline' listener without an error, so its manager would wait out the 20 s connect
    // timeout, deaf to every notice meanwhile.
    const backOnline = () => {
      if (!socket.connected) socket.disconnect().connect();
      void invalidateEverything();
    };
    window.addEventListener('online', backOnline);
    socket.on('organization.changed', (p) => void invalidateUrls(staleUrlsFor('organization.changed', p, me)));
    socket.on('users.changed', (p) => void invalidateUrls(staleUrlsFor('users.changed', p, me)));
    socket.on('profile.changed', (p) => void invalidateUrls(staleUrlsFor('profile.changed', p, me)));
    socket.on('availability.changed', (p) => void invalidateUrls(staleUrlsFor('availability.changed', p, me)));
    socket.on('schedule.changed', (p) => void invalidateUrls(staleUrlsFor('schedule.changed', p, me)));
    socket.on('timers.changed', (p) => {
      void invalidateUrls(staleUrlsFor('timers.changed', p, me));
      emitServerEvent('timers.changed');
    });
    socket.on('jobRequests.changed', (p) => void invalidateUrls(staleUrlsFor('jobRequests.changed', p, me)));
    socket.on('timeReviews.changed', (p) => void invalidateUrls(staleUrlsFor('timeReviews.changed', p, me)));
    socket.on('timesheets.changed', (p) => void invalidateUrls(staleUrlsFor('timesheets.changed', p, me)));
    socket.on('bookingLinks.changed', (p) => void invalidateUrls(staleUrlsFor('bookingLinks.changed', p, me)));
    socket.on('booking.notice', (p) => notifyInfo(bookingNotice(p)));
    socket.on('customers.changed', (p) => void invalidateUrls(staleUrlsFor('customers.changed', p, me)));
    socket.on('ratings.changed', (p) => {
      void invalidateUrls(staleUrlsFor('ratings.changed', p, me));
      emitServerEvent('ratings.changed');
    });
    // The audit log offers '3 new entries — refresh' (it checks the count; nothing refetches until asked).
    socket.on('audit.added', () => emitServerEvent('audit.added'));
    socket.on('jobRequest.answered', (p) => {
      void invalidateUrls(staleUrlsFor('jobRequest.answered', p, me));
      (p.status === 'approved' ? notifySuccess : notifyInfo)(answeredMessage(p.status, p.jobName));
    });
    socket.on('session.ended', () => {
      socket.disconnect();
      endClientSession();
      navigate(paths.login, { replace: true });
      notifyInfo('You have been signed out. Please sign in again.');
    });

    return () => {
      window.removeEventListener('online', backOnline);
      socket.disconnect();
    };
  }, [userId, navigate]);
}
