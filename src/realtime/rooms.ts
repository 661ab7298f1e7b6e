// The socket.io rooms, the server's and the projections' alone; the events sent to them are the wire's
// (src/shared/client-events.ts).

/** Rooms a socket joins at its authenticated handshake; nothing else is ever joined. */
export const rooms = {
  organization: (organizationId: string) => `org:${organizationId}`,
  managers: (organizationId: string) => `managers:${organizationId}`,
  /** Holders of customers.crud: the Customer List and a customer's detail. */
  customerManagers: (organizationId: string) => `customerManagers:${organizationId}`,
  /** Holders of users.crud: Organization Tracked Times. */
  timeAdmins: (organizationId: string) => `timeAdmins:${organizationId}`,
  /** Holders of audit.read: the audit log. */
  auditors: (organizationId: string) => `auditors:${organizationId}`,
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
};

/**
 * The rooms a user's claims open in their organization (managers hear job requests, customer managers
 * customers, time admins every timer). Joined at the handshake, and moved when the user's role changes, while their sockets stay open.
 */
export function claimRooms(organizationId: string, claims: readonly string[]): { join: string[]; leave: string[] } {
  const byClaim: [string, string][] = [
    ['jobs.crud', rooms.managers(organizationId)],
    ['customers.crud', rooms.customerManagers(organizationId)],
    ['users.crud', rooms.timeAdmins(organizationId)],
    ['audit.read', rooms.auditors(organizationId)],
  ];
  return {
    join: byClaim.filter(([claim]) => claims.includes(claim)).map(([, room]) => room),
    leave: byClaim.filter(([claim]) => !claims.includes(claim)).map(([, room]) => room),
  };
}
