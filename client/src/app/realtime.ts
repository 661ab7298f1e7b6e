import type { ServerToClientEvents } from './socket';

export type ServerEvent = keyof ServerToClientEvents;

/**
 * Which server data a push notice makes stale, as URL prefixes of the query cache. Session data
 * (company name and logo, own name, role and claims) is included wherever it can change.
 */
export function staleUrlsFor<E extends Exclude<ServerEvent, 'session.ended'>>(
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
  me: { userId: string },
): string[] {
  switch (event) {
    case 'organization.changed':
      return ['/api/organization', '/api/session'];
    case 'users.changed':
      return ['/api/users', '/api/session'];
    case 'profile.changed':
      return (payload as { userId: string }).userId === me.userId
        ? ['/api/profile', '/api/session', '/api/users']
        : ['/api/users'];
    case 'availability.changed':
      return ['/api/employee-availability']; // a user's week and who is available when
    case 'schedule.changed':
      return ['/api/jobs']; // both calendars, upcoming jobs, a job and its history
    case 'timers.changed':
      return ['/api/time', '/api/jobs']; // the running timer, the tracked-times tables, the calendars' marks
    case 'jobRequests.changed':
      return ['/api/jobs/requests'];
    case 'jobRequest.answered':
      return ['/api/jobs']; // the requester's calendars: the job is theirs now, or requestable again
    default:
      return [];
  }
}
