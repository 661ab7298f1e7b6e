import { UserEvent } from '../../src/identity/identity.events';
import { claimRooms, rooms } from '../../src/realtime/rooms';
import { claimsFor } from '../../src/identity/roles';
import { applyOnce } from '../runner/apply-once';
import { newValues } from '../runner/changes';
import { Projection } from '../runner/projection';
import { fileUrl, USER_SEARCH_FIELDS, UserDoc, USERS } from '../../src/identity/identity.read-models';

/** Case-insensitive sort key (first name, then last name) without relying on collations. */
const sortName = (first: string, last: string) => `${first.toLowerCase()}\u0001${last.toLowerCase()}`;

/** A person's name as every screen shows it (the report history keeps it per version too). */
export const fullNameOf = (first: string, last: string) => `${first} ${last}`;

export const usersProjection: Projection = {
  name: 'users',
  version: 2,
  collections: [USERS],
  streams: ['user'],
  async setup(store) {
    const users = store.collection(USERS);
    // Uniqueness is the e-mail claim stream's job; an index here only speeds up sign-in.
    await users.createIndex({ email: 1 }, { name: 'email' });
    await users.createIndex({ organizationId: 1, sortName: 1, _id: 1 }, { name: 'organization_sortName_id' });
    await users.createSearchIndex(USER_SEARCH_FIELDS, { name: 'search' });
  },
  async apply(event, { store, notify }) {
    if (!event.streamId.startsWith('user-')) return;
    const e = { type: event.type, data: event.data } as UserEvent;
    const users = store.collection<UserDoc>(USERS);
    const { userId, organizationId } = e.data;
    const at = event.revision;
    switch (e.type) {
      case 'UserRegistered': {
        const { passwordHash: _secret, userId: _id, ...details } = e.data;
        await applyOnce(
          users,
          userId,
          at,
          {
            $set: {
              ...details,
              fullName: fullNameOf(details.firstName, details.lastName),
              sortName: sortName(details.firstName, details.lastName),
              roles: [details.role],
              active: true,
              profilePictureFileId: null,
              profilePictureUrl: null,
              createdAt: event.metadata.timestamp,
            },
          },
          { upsert: true },
        );
        break;
      }
      case 'UserDetailsChanged': {
        // Every field changed, as it now is: Tomorrow's jobs by e-mail (crewDayEmail, crewDayEmailHour) among them.
        const $set: Record<string, unknown> = newValues(e.data.changes);
        if (e.data.changes.role) $set.roles = [e.data.changes.role.to];
        const current = await users.findOne({ _id: userId });
        if (current && (e.data.changes.firstName || e.data.changes.lastName)) {
          const first = ($set.firstName ?? current.firstName) as string;
          const last = ($set.lastName ?? current.lastName) as string;
          $set.fullName = fullNameOf(first, last);
          $set.sortName = sortName(first, last);
        }
        await applyOnce(users, userId, at, { $set });
        break;
      }
      case 'UserDeactivated':
      case 'UserReactivated':
        await applyOnce(users, userId, at, { $set: { active: e.type === 'UserReactivated' } });
        break;
      case 'UserDeleted':
        await users.deleteOne({ _id: userId });
        break;
      case 'UserInvited':
        // Only the end of the link: its digest stays in the user's stream.
        await applyOnce(users, userId, at, { $set: { invitation: { expiresAt: e.data.expiresAt } } });
        break;
      case 'InvitationAccepted':
      case 'UserPasswordChanged':
        // A password of one's own ends any invitation; the Users table stops showing "Invited".
        await applyOnce(users, userId, at, { $set: { invitation: null } });
        break;
      case 'ProfilePictureChanged':
        await applyOnce(users, userId, at, {
          $set: { profilePictureFileId: e.data.fileId, profilePictureUrl: fileUrl(e.data.fileId) },
        });
        break;
      default:
        return; // reset links change nothing a reader sees
    }
    notify({ rooms: [rooms.organization(organizationId)], event: 'users.changed', payload: { organizationId } });
    // A new role moves the user's open sockets into the rooms of its claims (and out of the others) before they hear of it.
    const role = e.type === 'UserDetailsChanged' ? e.data.changes.role?.to : undefined;
    notify({
      rooms: [rooms.user(userId)],
      event: 'profile.changed',
      payload: { userId },
      ...(role ? { move: claimRooms(organizationId, claimsFor(role)) } : {}),
    });
  },
};
