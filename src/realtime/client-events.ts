/**
 * The typed map of every server → client socket.io event, shared by the server, the projections
 * (which decide what to push) and the client. Payloads carry ids only: a client refetches what it shows.
 */
export interface ServerToClientEvents {
  'organization.changed': (p: { organizationId: string }) => void;
  'users.changed': (p: { organizationId: string }) => void;
  'profile.changed': (p: { userId: string }) => void;
  'session.ended': (p: { reason: string }) => void;
  'availability.changed': (p: { organizationId: string; userId: string }) => void;
  /** A job or recurring job of the organization was created, changed or deleted. */
  'schedule.changed': (p: { organizationId: string; jobIds: string[] }) => void;
  /** To the organization's managers: a job request was made, answered or closed. */
  'jobRequests.changed': (p: { organizationId: string; jobId: string }) => void;
  /** To the timer's owner (every device) and the organization's time admins: a timer started, changed, stopped or was deleted. */
  'timers.changed': (p: { userId: string; timerId: string }) => void;
  /** To the requester: their request was answered or closed (the job's name is theirs to know). */
  'jobRequest.answered': (p: {
    requestId: string;
    jobId: string;
    jobName: string;
    status: 'approved' | 'denied' | 'notChosen' | 'cancelled';
  }) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<K extends ServerEventName> = Parameters<ServerToClientEvents[K]>[0];

/** Rooms a socket joins at its authenticated handshake; nothing else is ever joined. */
export const rooms = {
  organization: (organizationId: string) => `org:${organizationId}`,
  managers: (organizationId: string) => `managers:${organizationId}`,
  /** Holders of users.crud: Organization Tracked Times. */
  timeAdmins: (organizationId: string) => `timeAdmins:${organizationId}`,
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
};

/**
 * The rooms a user's claims open in their organization (managers hear job requests, time admins every
 * timer). Joined at the handshake, and moved when the user's role changes, while their sockets stay open.
 */
export function claimRooms(organizationId: string, claims: readonly string[]): { join: string[]; leave: string[] } {
  const byClaim: [string, string][] = [
    ['jobs.crud', rooms.managers(organizationId)],
    ['users.crud', rooms.timeAdmins(organizationId)],
  ];
  return {
    join: byClaim.filter(([claim]) => claims.includes(claim)).map(([, room]) => room),
    leave: byClaim.filter(([claim]) => !claims.includes(claim)).map(([, room]) => room),
  };
}
