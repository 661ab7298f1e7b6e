import { eventLog, projection } from '../../src/core/projection.testing';
import type { UserDetails, UserEvent } from '../../src/identity/identity.events';
import { USERS, usersWantingCrewDayEmail } from '../../src/identity/identity.read-models';
import { usersProjection } from './users.projection';

const ORG = 'org-1';
const ANA = 'user-ana';
const details: UserDetails = {
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@maple.test',
  employeeId: 'E-7',
  phoneNumber: null,
  colorCode: '#112233',
  role: 'Associate',
};
const registeredDoc = {
  _id: ANA,
  organizationId: ORG,
  ...details,
  fullName: 'Ana Lima',
  sortName: 'ana\u0001lima',
  roles: ['Associate'],
  active: true,
  profilePictureFileId: null,
  profilePictureUrl: null,
};

describe('users projection', () => {
  const spec = projection(usersProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: 'user-admin' })));
  const user = (e: UserEvent) => log.event(`user-${e.data.userId}`, e);
  const registered = (passwordHash = 'hash') =>
    user({ type: 'UserRegistered', data: { userId: ANA, organizationId: ORG, passwordHash, ...details } });
  const changed = (changes: Extract<UserEvent, { type: 'UserDetailsChanged' }>['data']['changes']) =>
    user({ type: 'UserDetailsChanged', data: { userId: ANA, organizationId: ORG, changes } });

  it('builds a registered person without their password hash', async () => {
    await spec.given(registered()).then(USERS, [{ ...registeredDoc, createdAt: log.at(1), _rev: 0 }]);
  });

  it('renames a person: their full name and sort key follow', async () => {
    await spec
      .given(
        registered(),
        changed({ lastName: { from: 'Lima', to: 'Baker' } }),
        changed({ firstName: { from: 'Ana', to: 'Zoe' } }),
      )
      .then(USERS, [
        {
          ...registeredDoc,
          firstName: 'Zoe',
          lastName: 'Baker',
          fullName: 'Zoe Baker',
          sortName: 'zoe\u0001baker',
          createdAt: log.at(1),
          _rev: 2,
        },
      ]);
  });

  it('gives a new role as the one role a person holds, and sets other details as they are', async () => {
    await spec
      .given(
        registered(),
        changed({ role: { from: 'Associate', to: 'Customer Manager' }, phoneNumber: { from: null, to: '555-0100' } }),
      )
      .then(USERS, [
        expect.objectContaining({
          role: 'Customer Manager',
          roles: ['Customer Manager'],
          phoneNumber: '555-0100',
          fullName: 'Ana Lima',
        }),
      ]);
  });

  it("keeps Tomorrow's jobs by e-mail (issue #31 item 3) as last set", async () => {
    await spec
      .given(
        registered(),
        changed({ crewDayEmail: { from: false, to: true }, crewDayEmailHour: { from: 18, to: 19 } }),
        changed({ crewDayEmailHour: { from: 19, to: 6 } }),
      )
      .then(USERS, [{ ...registeredDoc, crewDayEmail: true, crewDayEmailHour: 6, createdAt: log.at(1), _rev: 2 }]);
  });

  it("reads the active people of any organization who want tomorrow's jobs by e-mail", async () => {
    const person = (userId: string, organizationId: string, ...more: UserEvent['type'][]) => [
      user({ type: 'UserRegistered', data: { userId, organizationId, passwordHash: 'h', ...details } }),
      ...more.map((type) =>
        type === 'UserDetailsChanged'
          ? user({ type, data: { userId, organizationId, changes: { crewDayEmail: { from: false, to: true } } } })
          : user({ type, data: { userId, organizationId } } as UserEvent),
      ),
    ];
    await spec
      .given(
        ...person('user-a', ORG, 'UserDetailsChanged'),
        ...person('user-b', ORG, 'UserDetailsChanged', 'UserDeactivated'),
        ...person('user-c', ORG),
        ...person('user-d', 'org-2', 'UserDetailsChanged'),
        ...person('user-e', ORG, 'UserDetailsChanged', 'UserDeleted'),
        user({
          type: 'UserDetailsChanged',
          data: { userId: 'user-c', organizationId: ORG, changes: { crewDayEmailHour: { from: 18, to: 7 } } },
        }),
      )
      .thenReads(async (store) => (await usersWantingCrewDayEmail(store)).map((u) => u._id), ['user-a', 'user-d']);
  });

  it('marks a deactivated person inactive', async () => {
    await spec
      .given(registered(), user({ type: 'UserDeactivated', data: { userId: ANA, organizationId: ORG } }))
      .then(USERS, [expect.objectContaining({ active: false, _rev: 1 })]);
  });

  it('marks a reactivated person active', async () => {
    await spec
      .given(
        registered(),
        user({ type: 'UserDeactivated', data: { userId: ANA, organizationId: ORG } }),
        user({ type: 'UserReactivated', data: { userId: ANA, organizationId: ORG } }),
      )
      .then(USERS, [expect.objectContaining({ active: true, _rev: 2 })]);
  });

  it('removes a deleted person', async () => {
    await spec
      .given(
        registered(),
        changed({ email: { from: 'ana@maple.test', to: 'ana@oak.test' } }),
        user({ type: 'UserDeleted', data: { userId: ANA, organizationId: ORG } }),
      )
      .thenNothing();
  });

  const invited = (expiresAt: string, resent = false) =>
    user({
      type: 'UserInvited',
      data: { userId: ANA, organizationId: ORG, tokenDigest: `digest-${expiresAt}`, expiresAt, resent },
    });

  it('shows an invited person as invited until their latest link ends', async () => {
    await spec
      .given(registered(''), invited('2030-01-08T10:00:00.000Z'), invited('2030-01-09T10:00:00.000Z', true))
      .then(USERS, [expect.objectContaining({ invitation: { expiresAt: '2030-01-09T10:00:00.000Z' }, _rev: 2 })]);
  });

  it('ends the invitation once the invited person chose a password with the link', async () => {
    await spec
      .given(
        registered(''),
        invited('2030-01-08T10:00:00.000Z'),
        user({ type: 'InvitationAccepted', data: { userId: ANA, organizationId: ORG, passwordHash: 'hash' } }),
      )
      .then(USERS, [expect.objectContaining({ invitation: null, _rev: 2 })]);
  });

  it('ends the invitation when a password is set otherwise; a reset link changes nothing shown', async () => {
    await spec
      .given(
        registered(''),
        invited('2030-01-08T10:00:00.000Z'),
        user({
          type: 'UserPasswordChanged',
          data: {
            userId: ANA,
            organizationId: ORG,
            passwordHash: 'hash',
            reason: 'set by administrator',
            keepSessionId: null,
          },
        }),
        user({
          type: 'PasswordResetRequested',
          data: { userId: ANA, organizationId: ORG, tokenDigest: 'reset', expiresAt: '2030-01-02T10:00:00.000Z' },
        }),
      )
      .then(USERS, [expect.objectContaining({ invitation: null, _rev: 2 })]);
  });

  it('keeps a profile picture with the URL it is served at, and forgets a removed one', async () => {
    const picture = (fileId: string | null, previousFileId: string | null) =>
      user({ type: 'ProfilePictureChanged', data: { userId: ANA, organizationId: ORG, fileId, previousFileId } });
    await spec
      .given(registered(), picture('file-1', null))
      .then(USERS, [
        expect.objectContaining({ profilePictureFileId: 'file-1', profilePictureUrl: '/api/files/file-1', _rev: 1 }),
      ]);
    log = eventLog({ organizationId: ORG });
    await spec
      .given(registered(), picture('file-1', null), picture(null, 'file-1'))
      .then(USERS, [expect.objectContaining({ profilePictureFileId: null, profilePictureUrl: null, _rev: 2 })]);
  });

  it("ignores other streams' events", async () => {
    await spec
      .given(
        log.event(`session-${ANA}`, {
          type: 'UserRegistered',
          data: { userId: ANA, organizationId: ORG, passwordHash: 'hash', ...details },
        }),
      )
      .thenNothing();
  });

  it('pushes users.changed to the organization and profile.changed to the person; a new role moves their rooms', async () => {
    const { notices } = await spec
      .given(
        registered(),
        changed({ role: { from: 'Associate', to: 'Customer Manager' } }),
        user({
          type: 'PasswordResetRequested',
          data: { userId: ANA, organizationId: ORG, tokenDigest: 'reset', expiresAt: '2030-01-02T10:00:00.000Z' },
        }),
      )
      .effects();
    const usersChanged = { rooms: [`org:${ORG}`], event: 'users.changed', payload: { organizationId: ORG } };
    expect(notices).toEqual([
      usersChanged,
      { rooms: [`user:${ANA}`], event: 'profile.changed', payload: { userId: ANA } },
      usersChanged,
      {
        rooms: [`user:${ANA}`],
        event: 'profile.changed',
        payload: { userId: ANA },
        move: {
          join: [`managers:${ORG}`, `customerManagers:${ORG}`],
          leave: [`timeAdmins:${ORG}`, `auditors:${ORG}`],
        },
      },
    ]);
  });
});
