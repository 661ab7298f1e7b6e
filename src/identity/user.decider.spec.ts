import { given } from '../core/decider.testing';
import { ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { UserDetails, UserEvent } from './identity.events';
import {
  DEFAULT_COLOR,
  EXPIRED_INVITATION,
  INVALID_INVITATION,
  normalizeEmail,
  userDecider,
  UserCommand,
  userDetailsProblem,
} from './user.decider';

/** The whole message, not a part of it: toThrow compares an Error's message exactly. */
const exactly = (message: string) => new Error(message);

const ORG = 'org-1';
const USER = 'user-1';
const ids = { userId: USER, organizationId: ORG };
const details: UserDetails = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  employeeId: null,
  phoneNumber: null,
  colorCode: '#0D1B41',
  role: 'Associate',
};
const registered: UserEvent = { type: 'UserRegistered', data: { ...ids, passwordHash: 'hash-1', ...details } };
const deactivated: UserEvent = { type: 'UserDeactivated', data: ids };
const reactivated: UserEvent = { type: 'UserReactivated', data: ids };
const deleted: UserEvent = { type: 'UserDeleted', data: ids };
const resetRequested = (tokenDigest = 'digest-1', expiresAt = '2030-01-01T10:00:00.000Z'): UserEvent => ({
  type: 'PasswordResetRequested',
  data: { ...ids, tokenDigest, expiresAt },
});
const passwordChanged = (reason: 'changed' | 'reset' | 'set by administrator' = 'changed'): UserEvent => ({
  type: 'UserPasswordChanged',
  data: { ...ids, passwordHash: 'hash-2', reason, keepSessionId: null },
});
const pictureChanged = (fileId: string | null, previousFileId: string | null = null): UserEvent => ({
  type: 'ProfilePictureChanged',
  data: { ...ids, fileId, previousFileId },
});

const register = (overrides: Partial<UserDetails> | Record<string, unknown> = {}): UserCommand =>
  ({
    type: 'RegisterUser',
    userId: USER,
    organizationId: ORG,
    passwordHash: 'hash-1',
    ...details,
    ...overrides,
  }) as UserCommand;
const changeDetails = (changes: Record<string, unknown>, active?: boolean, organizationId = ORG): UserCommand =>
  ({ type: 'ChangeUserDetails', organizationId, changes, ...(active === undefined ? {} : { active }) }) as UserCommand;
const deleteUser = (organizationId = ORG): UserCommand => ({ type: 'DeleteUser', organizationId });
const changePassword = (
  reason: 'changed' | 'set by administrator' = 'changed',
  keepSessionId: string | null = 'session-1',
): UserCommand => ({ type: 'ChangePassword', organizationId: ORG, passwordHash: 'hash-2', keepSessionId, reason });
const requestReset = (tokenDigest = 'digest-1', expiresAt = '2030-01-01T10:00:00.000Z'): UserCommand => ({
  type: 'RequestPasswordReset',
  organizationId: ORG,
  tokenDigest,
  expiresAt,
});
const reset = (tokenDigest = 'digest-1', at = '2030-01-01T09:30:00.000Z'): UserCommand => ({
  type: 'ResetPassword',
  organizationId: ORG,
  tokenDigest,
  passwordHash: 'hash-3',
  at,
});
const setPicture = (fileId: string | null): UserCommand => ({
  type: 'ChangeProfilePicture',
  organizationId: ORG,
  fileId,
});

const INVALID_LINK = 'This reset link is not valid or has already been used. Request a new one.';

describe('user decider', () => {
  describe('RegisterUser', () => {
    it('registers a user with the given details', () => {
      given(userDecider, []).when(register()).then([registered]);
    });

    it('cleans the details: trims names, lower-cases the e-mail, upper-cases the colour, blanks become null', () => {
      given(userDecider, [])
        .when(
          register({
            firstName: '  Ada ',
            lastName: ' Lovelace  ',
            email: '  ADA@Example.TEST ',
            employeeId: '  ',
            phoneNumber: '',
            colorCode: '#abcdef',
          }),
        )
        .then([{ type: 'UserRegistered', data: { ...ids, passwordHash: 'hash-1', ...details, colorCode: '#ABCDEF' } }]);
    });

    it('keeps an employee id and phone number, trimmed', () => {
      given(userDecider, [])
        .when(register({ employeeId: ' E-7 ', phoneNumber: ' (555) 123-4567 ' }))
        .then([
          {
            type: 'UserRegistered',
            data: { ...ids, passwordHash: 'hash-1', ...details, employeeId: 'E-7', phoneNumber: '(555) 123-4567' },
          },
        ]);
    });

    it('gives the default colour #0D1B41 when none is given', () => {
      const [event] = given(userDecider, [])
        .when(register({ colorCode: null as unknown as string }))
        .events();
      expect(event.data).toMatchObject({ colorCode: DEFAULT_COLOR });
      expect(DEFAULT_COLOR).toBe('#0D1B41');
      const [other] = given(userDecider, [])
        .when(register({ colorCode: undefined }))
        .events();
      expect(other.data).toMatchObject({ colorCode: '#0D1B41' });
    });

    it('accepts each of the three roles', () => {
      for (const role of ['Associate', 'Company Admin', 'Customer Manager'] as const) {
        expect(given(userDecider, []).when(register({ role })).events()[0].data).toMatchObject({ role });
      }
    });

    it('does nothing for a retried registration (idempotent)', () => {
      given(userDecider, [registered]).when(register()).then([]);
      given(userDecider, [registered])
        .when(register({ firstName: '' }))
        .then([]);
    });

    it.each([
      ['a missing first name', { firstName: undefined }, 'First name is required'],
      ['a blank first name', { firstName: '   ' }, 'First name is required'],
      ['a first name over 50 characters', { firstName: 'f'.repeat(51) }, 'First name must be at most 50 characters'],
      ['a missing last name', { lastName: undefined }, 'Last name is required'],
      ['a blank last name', { lastName: ' ' }, 'Last name is required'],
      ['a last name over 50 characters', { lastName: 'l'.repeat(51) }, 'Last name must be at most 50 characters'],
      ['a missing e-mail', { email: undefined }, 'Email is required'],
      ['a blank e-mail', { email: '  ' }, 'Email is required'],
      ['an e-mail without @', { email: 'ada.example.test' }, 'Email must be a valid email address'],
      ['an e-mail without a domain dot', { email: 'ada@example' }, 'Email must be a valid email address'],
      ['an e-mail with a space', { email: 'ada lovelace@example.test' }, 'Email must be a valid email address'],
      [
        'an e-mail over 254 characters',
        { email: `${'a'.repeat(250)}@example.test` },
        'Email must be a valid email address',
      ],
      ['a missing role', { role: undefined }, 'Role is required'],
      ['an empty role', { role: '' }, 'Role is required'],
      ['an unknown role', { role: 'Owner' }, 'Role must be Associate, Company Admin or Customer Manager'],
      ['a colour that is not #rrggbb', { colorCode: 'navy' }, 'Colour must be a hex colour such as #0D1B41'],
      ['a short hex colour', { colorCode: '#fff' }, 'Colour must be a hex colour such as #0D1B41'],
      [
        'a phone number without 10 digits',
        { phoneNumber: '555-1234' },
        'Phone number must have 10 digits, as (###) ###-####',
      ],
      [
        'a phone number with 11 digits',
        { phoneNumber: '1 (555) 123-4567' },
        'Phone number must have 10 digits, as (###) ###-####',
      ],
    ])('refuses %s', (_what, overrides, message) => {
      given(userDecider, []).when(register(overrides)).thenThrows(ValidationError, exactly(message));
    });

    it('refuses a very long e-mail by its length, before reading it with a pattern', () => {
      // 'a@' and dots: the shape on which the earlier pattern backtracked, in time quadratic in the length.
      const started = performance.now();
      given(userDecider, [])
        .when(register({ email: `a@${'.'.repeat(50_000)}@` }))
        .thenThrows(ValidationError, exactly('Email must be a valid email address'));
      expect(performance.now() - started).toBeLessThan(50);
    });

    it.each(['ada@example.test', 'ada@.example.test', 'a.b@c.d'])('accepts the e-mail %s', (email) => {
      expect(given(userDecider, []).when(register({ email })).events()).toHaveLength(1);
    });

    it.each(['ada@.example', 'ada@example.', 'ada@.', 'ada@@example.test'])('refuses the e-mail %s', (email) => {
      given(userDecider, [])
        .when(register({ email }))
        .thenThrows(ValidationError, exactly('Email must be a valid email address'));
    });

    it('accepts names of exactly 50 characters', () => {
      expect(
        given(userDecider, [])
          .when(register({ firstName: 'f'.repeat(50), lastName: 'l'.repeat(50) }))
          .events(),
      ).toHaveLength(1);
    });

    it('names the first problem in the order the form shows its fields', () => {
      given(userDecider, [])
        .when(register({ firstName: '', lastName: '', email: 'bad', role: 'Owner' as never }))
        .thenThrows(ValidationError, exactly('First name is required'));
      given(userDecider, [])
        .when(register({ lastName: '', email: 'bad' }))
        .thenThrows(ValidationError, exactly('Last name is required'));
      given(userDecider, [])
        .when(register({ email: 'bad', role: 'Owner' as never }))
        .thenThrows(ValidationError, exactly('Email must be a valid email address'));
    });
  });

  describe('commands on a user that is not there', () => {
    const commands: [string, UserCommand][] = [
      ['ChangeUserDetails', changeDetails({ firstName: 'X' })],
      ['DeleteUser', deleteUser()],
      ['ChangePassword', changePassword()],
      ['RequestPasswordReset', requestReset()],
      ['ResetPassword', reset()],
      ['ChangeProfilePicture', setPicture('file-1')],
    ];

    it.each(commands)('%s refuses a user that was never registered', (_name, command) => {
      given(userDecider, []).when(command).thenThrows(NotFoundError, exactly('The user was not found.'));
    });

    it.each(commands)('%s refuses a deleted user', (_name, command) => {
      given(userDecider, [registered, deleted])
        .when(command)
        .thenThrows(NotFoundError, exactly('The user was not found.'));
    });

    it.each(commands)("%s refuses another organization's user as not found", (_name, command) => {
      given(userDecider, [registered])
        .when({ ...command, organizationId: 'org-2' } as UserCommand)
        .thenThrows(NotFoundError, exactly('The user was not found.'));
    });
  });

  describe('ChangeUserDetails', () => {
    it('records each changed field as from → to, cleaned', () => {
      given(userDecider, [registered])
        .when(
          changeDetails({
            firstName: ' Augusta ',
            lastName: 'King',
            email: ' AUGUSTA@Example.test',
            employeeId: 'E1',
            phoneNumber: '5551234567',
            colorCode: '#ff0000',
            role: 'Customer Manager',
          }),
        )
        .then([
          {
            type: 'UserDetailsChanged',
            data: {
              ...ids,
              changes: {
                firstName: { from: 'Ada', to: 'Augusta' },
                lastName: { from: 'Lovelace', to: 'King' },
                email: { from: 'ada@example.test', to: 'augusta@example.test' },
                employeeId: { from: null, to: 'E1' },
                phoneNumber: { from: null, to: '5551234567' },
                colorCode: { from: '#0D1B41', to: '#FF0000' },
                role: { from: 'Associate', to: 'Customer Manager' },
              },
            },
          },
        ]);
    });

    it('records only what differs after cleaning', () => {
      given(userDecider, [registered])
        .when(changeDetails({ firstName: 'Ada ', email: 'ADA@example.test', colorCode: '#0d1b41', lastName: 'Byron' }))
        .then([
          { type: 'UserDetailsChanged', data: { ...ids, changes: { lastName: { from: 'Lovelace', to: 'Byron' } } } },
        ]);
    });

    it('does nothing when nothing changes (idempotent)', () => {
      given(userDecider, [registered]).when(changeDetails({})).then([]);
      given(userDecider, [registered])
        .when(changeDetails({ ...details }))
        .then([]);
      given(userDecider, [registered]).when(changeDetails({}, true)).then([]);
    });

    it('clears an employee id and phone number with a blank, and resets the colour to the default', () => {
      const withExtras: UserEvent = {
        type: 'UserRegistered',
        data: {
          ...ids,
          passwordHash: 'h',
          ...details,
          employeeId: 'E1',
          phoneNumber: '5551234567',
          colorCode: '#FF0000',
        },
      };
      given(userDecider, [withExtras])
        .when(changeDetails({ employeeId: ' ', phoneNumber: '', colorCode: null }))
        .then([
          {
            type: 'UserDetailsChanged',
            data: {
              ...ids,
              changes: {
                employeeId: { from: 'E1', to: null },
                phoneNumber: { from: '5551234567', to: null },
                colorCode: { from: '#FF0000', to: '#0D1B41' },
              },
            },
          },
        ]);
    });

    it('checks only the fields it is given', () => {
      given(userDecider, [registered])
        .when(changeDetails({ phoneNumber: '(555) 987-6543' }))
        .then([
          {
            type: 'UserDetailsChanged',
            data: { ...ids, changes: { phoneNumber: { from: null, to: '(555) 987-6543' } } },
          },
        ]);
    });

    it.each([
      [{ firstName: '' }, 'First name is required'],
      [{ firstName: 'f'.repeat(51) }, 'First name must be at most 50 characters'],
      [{ lastName: '  ' }, 'Last name is required'],
      [{ lastName: 'l'.repeat(51) }, 'Last name must be at most 50 characters'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'not-an-address' }, 'Email must be a valid email address'],
      [{ role: '' }, 'Role is required'],
      [{ role: 'Boss' }, 'Role must be Associate, Company Admin or Customer Manager'],
      [{ colorCode: 'blue' }, 'Colour must be a hex colour such as #0D1B41'],
      [{ phoneNumber: '12345' }, 'Phone number must have 10 digits, as (###) ###-####'],
    ])('refuses %j', (changes, message) => {
      given(userDecider, [registered]).when(changeDetails(changes)).thenThrows(ValidationError, exactly(message));
    });

    describe("Tomorrow's jobs by e-mail (issue #31 item 3)", () => {
      const turnedOn: UserEvent = {
        type: 'UserDetailsChanged',
        data: { ...ids, changes: { crewDayEmail: { from: false, to: true }, crewDayEmailHour: { from: 18, to: 19 } } },
      };

      it('records the setting once, from what was in force (the defaults until first set)', () => {
        given(userDecider, [registered])
          .when(changeDetails({ crewDayEmail: true, crewDayEmailHour: 19 }))
          .then([turnedOn]);
        given(userDecider, [registered, turnedOn])
          .when(changeDetails({ crewDayEmail: true, crewDayEmailHour: 19 }))
          .then([]);
      });

      it('records nothing for the defaults never changed, and only what differs', () => {
        given(userDecider, [registered])
          .when(changeDetails({ crewDayEmail: false, crewDayEmailHour: 18 }))
          .then([]);
        given(userDecider, [registered, turnedOn])
          .when(changeDetails({ crewDayEmail: false, crewDayEmailHour: 19 }))
          .then([
            { type: 'UserDetailsChanged', data: { ...ids, changes: { crewDayEmail: { from: true, to: false } } } },
          ]);
      });

      it.each([
        [{ crewDayEmailHour: 24 }, 'Choose an hour from 0 to 23 for the e-mail'],
        [{ crewDayEmailHour: -1 }, 'Choose an hour from 0 to 23 for the e-mail'],
        [{ crewDayEmailHour: 18.5 }, 'Choose an hour from 0 to 23 for the e-mail'],
        [{ crewDayEmailHour: '19' }, 'Choose an hour from 0 to 23 for the e-mail'],
        [{ crewDayEmail: 'yes' }, "Tomorrow's jobs by e-mail must be on or off"],
      ])('refuses %j', (changes, message) => {
        given(userDecider, [registered]).when(changeDetails(changes)).thenThrows(ValidationError, exactly(message));
      });

      it('is not set at registration: a new person starts with the defaults', () => {
        given(userDecider, [])
          .when(register({ crewDayEmail: true, crewDayEmailHour: 6 }))
          .then([registered]);
      });
    });

    it('deactivates an active user', () => {
      given(userDecider, [registered]).when(changeDetails({}, false)).then([deactivated]);
    });

    it('does not deactivate twice (idempotent)', () => {
      given(userDecider, [registered, deactivated]).when(changeDetails({}, false)).then([]);
    });

    it('reactivates an inactive user', () => {
      given(userDecider, [registered, deactivated]).when(changeDetails({}, true)).then([reactivated]);
    });

    it('changes details and the active flag together, details first', () => {
      given(userDecider, [registered])
        .when(changeDetails({ firstName: 'Augusta' }, false))
        .then([
          { type: 'UserDetailsChanged', data: { ...ids, changes: { firstName: { from: 'Ada', to: 'Augusta' } } } },
          deactivated,
        ]);
    });

    it('edits an inactive user', () => {
      given(userDecider, [registered, deactivated])
        .when(changeDetails({ lastName: 'Byron' }))
        .then([
          { type: 'UserDetailsChanged', data: { ...ids, changes: { lastName: { from: 'Lovelace', to: 'Byron' } } } },
        ]);
    });
  });

  describe('DeleteUser', () => {
    it('deletes an active user', () => {
      given(userDecider, [registered]).when(deleteUser()).then([deleted]);
    });

    it('deletes an inactive user', () => {
      given(userDecider, [registered, deactivated]).when(deleteUser()).then([deleted]);
    });

    it('refuses to delete twice: the user is gone', () => {
      given(userDecider, [registered, deleted])
        .when(deleteUser())
        .thenThrows(NotFoundError, exactly('The user was not found.'));
    });
  });

  describe('ChangePassword', () => {
    it('records the new hash, the reason and the session to keep', () => {
      given(userDecider, [registered])
        .when(changePassword('changed', 'session-1'))
        .then([
          {
            type: 'UserPasswordChanged',
            data: { ...ids, passwordHash: 'hash-2', reason: 'changed', keepSessionId: 'session-1' },
          },
        ]);
    });

    it('records a password set by an administrator', () => {
      given(userDecider, [registered])
        .when(changePassword('set by administrator', null))
        .then([
          {
            type: 'UserPasswordChanged',
            data: { ...ids, passwordHash: 'hash-2', reason: 'set by administrator', keepSessionId: null },
          },
        ]);
    });

    it('invalidates an outstanding reset link', () => {
      given(userDecider, [registered, resetRequested(), passwordChanged()])
        .when(reset())
        .thenThrows(ValidationError, exactly(INVALID_LINK));
    });
  });

  describe('RequestPasswordReset', () => {
    it('records the link for an active user', () => {
      given(userDecider, [registered]).when(requestReset()).then([resetRequested()]);
    });

    it('gives an inactive user no link', () => {
      given(userDecider, [registered, deactivated]).when(requestReset()).then([]);
    });

    it('replaces an earlier link: only the newest works', () => {
      const history = [registered, resetRequested('old'), resetRequested('new')];
      given(userDecider, history).when(reset('old')).thenThrows(ValidationError, exactly(INVALID_LINK));
      expect(given(userDecider, history).when(reset('new')).events()).toHaveLength(1);
    });
  });

  describe('ResetPassword', () => {
    it('sets the new password from a valid link and ends every session', () => {
      given(userDecider, [registered, resetRequested()])
        .when(reset())
        .then([
          {
            type: 'UserPasswordChanged',
            data: { ...ids, passwordHash: 'hash-3', reason: 'reset', keepSessionId: null },
          },
        ]);
    });

    it('refuses when no link was requested', () => {
      given(userDecider, [registered]).when(reset()).thenThrows(ValidationError, exactly(INVALID_LINK));
    });

    it('refuses a wrong token', () => {
      given(userDecider, [registered, resetRequested()])
        .when(reset('digest-other'))
        .thenThrows(ValidationError, exactly(INVALID_LINK));
    });

    it('refuses a link used once already', () => {
      given(userDecider, [registered, resetRequested(), passwordChanged('reset')])
        .when(reset())
        .thenThrows(ValidationError, exactly(INVALID_LINK));
    });

    it('refuses an inactive user', () => {
      given(userDecider, [registered, resetRequested(), deactivated])
        .when(reset())
        .thenThrows(ValidationError, exactly(INVALID_LINK));
    });

    it('refuses an expired link, including at the very instant it expires', () => {
      given(userDecider, [registered, resetRequested('digest-1', '2030-01-01T10:00:00.000Z')])
        .when(reset('digest-1', '2030-01-01T10:00:00.001Z'))
        .thenThrows(ValidationError, exactly('This reset link has expired. Request a new one.'));
      given(userDecider, [registered, resetRequested('digest-1', '2030-01-01T10:00:00.000Z')])
        .when(reset('digest-1', '2030-01-01T10:00:00.000Z'))
        .thenThrows(ValidationError, exactly('This reset link has expired. Request a new one.'));
    });

    it('accepts a link one millisecond before it expires', () => {
      expect(
        given(userDecider, [registered, resetRequested('digest-1', '2030-01-01T10:00:00.000Z')])
          .when(reset('digest-1', '2030-01-01T09:59:59.999Z'))
          .events(),
      ).toHaveLength(1);
    });
  });

  describe('invitations', () => {
    const WEEK_LATER = '2030-01-08T10:00:00.000Z';
    const invitedRegistration: UserEvent = { ...registered, data: { ...registered.data, passwordHash: '' } };
    const invited = (tokenDigest = 'invite-1', resent = false): UserEvent => ({
      type: 'UserInvited',
      data: { ...ids, tokenDigest, expiresAt: WEEK_LATER, resent },
    });
    const accept = (tokenDigest = 'invite-1', at = '2030-01-02T10:00:00.000Z'): UserCommand => ({
      type: 'AcceptInvitation',
      organizationId: ORG,
      tokenDigest,
      passwordHash: 'hash-own',
      at,
    });
    const resend = (tokenDigest = 'invite-2', organizationId = ORG): UserCommand => ({
      type: 'InviteUser',
      organizationId,
      tokenDigest,
      expiresAt: WEEK_LATER,
    });
    const accepted: UserEvent = { type: 'InvitationAccepted', data: { ...ids, passwordHash: 'hash-own' } };

    it('registers a person without a password and records their invitation link', () => {
      given(userDecider, [])
        .when(register({ passwordHash: '', invitation: { tokenDigest: 'invite-1', expiresAt: WEEK_LATER } }))
        .then([invitedRegistration, invited()]);
    });

    it('refuses a registration with neither a password nor an invitation, or with both', () => {
      given(userDecider, [])
        .when(register({ passwordHash: '' }))
        .thenThrows(ValidationError, exactly('Set a password or send an invitation'));
      given(userDecider, [])
        .when(register({ invitation: { tokenDigest: 'invite-1', expiresAt: WEEK_LATER } }))
        .thenThrows(ValidationError, exactly('Set a password or send an invitation'));
    });

    it('accepts the link: the chosen password, and the link is used up', () => {
      const { state } = given(userDecider, [invitedRegistration, invited()]);
      expect(state).toMatchObject({ passwordHash: '', invitation: { tokenDigest: 'invite-1' } });
      given(userDecider, [invitedRegistration, invited()]).when(accept()).then([accepted]);
      expect(given(userDecider, [invitedRegistration, invited(), accepted]).state).toMatchObject({
        passwordHash: 'hash-own',
        invitation: null,
      });
      given(userDecider, [invitedRegistration, invited(), accepted])
        .when(accept())
        .thenThrows(ValidationError, exactly(INVALID_INVITATION));
    });

    it('refuses a wrong token, an inactive person and a link replaced by a resend, all in the same words', () => {
      given(userDecider, [invitedRegistration, invited()])
        .when(accept('invite-other'))
        .thenThrows(ValidationError, exactly(INVALID_INVITATION));
      given(userDecider, [invitedRegistration, invited(), deactivated])
        .when(accept())
        .thenThrows(ValidationError, exactly(INVALID_INVITATION));
      given(userDecider, [invitedRegistration, invited(), invited('invite-2', true)])
        .when(accept('invite-1'))
        .thenThrows(ValidationError, exactly(INVALID_INVITATION));
      given(userDecider, [invitedRegistration, invited(), invited('invite-2', true)])
        .when(accept('invite-2'))
        .then([accepted]);
    });

    it('refuses an expired link, at the very instant it expires too', () => {
      given(userDecider, [invitedRegistration, invited()])
        .when(accept('invite-1', WEEK_LATER))
        .thenThrows(ValidationError, exactly(EXPIRED_INVITATION));
      expect(
        given(userDecider, [invitedRegistration, invited()])
          .when(accept('invite-1', '2030-01-08T09:59:59.999Z'))
          .events(),
      ).toHaveLength(1);
    });

    it('a password set otherwise (a reset) ends the invitation', () => {
      given(userDecider, [invitedRegistration, invited(), passwordChanged('reset')])
        .when(accept())
        .thenThrows(ValidationError, exactly(INVALID_INVITATION));
    });

    it('resends to a person still without a password, refuses one who has one, an inactive one, another organization', () => {
      given(userDecider, [invitedRegistration, invited()])
        .when(resend())
        .then([invited('invite-2', true)]);
      given(userDecider, [invitedRegistration, invited(), accepted])
        .when(resend())
        .thenThrows(ValidationError, exactly('Ada Lovelace has already set a password'));
      given(userDecider, [registered]).when(resend()).thenThrows(ValidationError);
      given(userDecider, [invitedRegistration, invited(), deactivated]).when(resend()).thenThrows(ValidationError);
      given(userDecider, [invitedRegistration, invited()]).when(resend('invite-2', 'org-2')).thenThrows(NotFoundError);
    });
  });

  describe('ChangeProfilePicture', () => {
    it('sets a first picture', () => {
      given(userDecider, [registered])
        .when(setPicture('file-1'))
        .then([pictureChanged('file-1', null)]);
    });

    it('replaces a picture, naming the previous file', () => {
      given(userDecider, [registered, pictureChanged('file-1')])
        .when(setPicture('file-2'))
        .then([pictureChanged('file-2', 'file-1')]);
    });

    it('removes a picture', () => {
      given(userDecider, [registered, pictureChanged('file-1')])
        .when(setPicture(null))
        .then([pictureChanged(null, 'file-1')]);
    });

    it('does nothing when the picture is already that file, or already absent (idempotent)', () => {
      given(userDecider, [registered, pictureChanged('file-1')])
        .when(setPicture('file-1'))
        .then([]);
      given(userDecider, [registered]).when(setPicture(null)).then([]);
    });

    it('refuses an inactive account', () => {
      given(userDecider, [registered, deactivated])
        .when(setPicture('file-1'))
        .thenThrows(ForbiddenError, exactly('This account is inactive.'));
    });
  });

  describe('evolve', () => {
    it('folds the whole life of a user', () => {
      const { state } = given(userDecider, [
        registered,
        {
          type: 'UserDetailsChanged',
          data: {
            ...ids,
            changes: { firstName: { from: 'Ada', to: 'Augusta' }, role: { from: 'Associate', to: 'Company Admin' } },
          },
        },
        pictureChanged('file-1'),
        resetRequested(),
        deactivated,
      ]);
      expect(state).toEqual({
        status: 'inactive',
        ...ids,
        ...details,
        firstName: 'Augusta',
        role: 'Company Admin',
        passwordHash: 'hash-1',
        profilePictureFileId: 'file-1',
        passwordReset: { tokenDigest: 'digest-1', expiresAt: '2030-01-01T10:00:00.000Z' },
        invitation: null,
      });
    });

    it('reactivation, password change and deletion', () => {
      expect(given(userDecider, [registered, deactivated, reactivated]).state).toMatchObject({ status: 'active' });
      expect(given(userDecider, [registered, resetRequested(), passwordChanged()]).state).toMatchObject({
        passwordHash: 'hash-2',
        passwordReset: null,
      });
      expect(given(userDecider, [registered, deleted]).state).toMatchObject({ status: 'deleted' });
    });

    it('ignores events of a user that was never registered', () => {
      expect(given(userDecider, [deactivated, passwordChanged()]).state).toEqual({ status: 'none' });
    });
  });

  describe('helpers', () => {
    it('normalizeEmail trims and lower-cases', () => {
      expect(normalizeEmail('  Ada@Example.TEST ')).toBe('ada@example.test');
    });

    it('userDetailsProblem accepts complete details and a partial change', () => {
      expect(userDetailsProblem(details, true)).toBeNull();
      expect(userDetailsProblem({}, false)).toBeNull();
      expect(userDetailsProblem({}, true)).toBe('First name is required');
    });
  });
});
