import { given } from '../core/decider.testing';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { OrganizationEvent } from './identity.events';
import {
  organizationDecider,
  organizationNameProblem,
  timeZoneProblem,
  ORGANIZATION_NAME_MAX,
  LATE_GRACE_PROBLEM,
  OFFLINE_CLOCK_LIMIT_PROBLEM,
} from './organization.decider';

/** The whole message, not a part of it: toThrow compares an Error's message exactly. */
const exactly = (message: string) => new Error(message);

const ORG = 'org-1';
const created: OrganizationEvent = {
  type: 'OrganizationCreated',
  data: {
    organizationId: ORG,
    name: 'Acme',
    timeZone: 'America/New_York',
    pickUpJobsEnabled: false,
    automatedRatingEmailsEnabled: false,
  },
};
const logoSet = (fileId: string | null, previousFileId: string | null = null): OrganizationEvent => ({
  type: 'OrganizationLogoChanged',
  data: { organizationId: ORG, fileId, previousFileId },
});
const create = (name: string, timeZone = 'America/New_York') => ({
  type: 'CreateOrganization' as const,
  organizationId: ORG,
  name,
  timeZone,
});
const change = (changes: Record<string, unknown>) => ({
  type: 'ChangeOrganizationSettings' as const,
  organizationId: ORG,
  changes,
});
const setLogo = (fileId: string | null) => ({ type: 'ChangeOrganizationLogo' as const, organizationId: ORG, fileId });

describe('organization decider', () => {
  describe('CreateOrganization', () => {
    it('creates an organization with both switches off', () => {
      given(organizationDecider, []).when(create('Acme')).then([created]);
    });

    it('trims the name', () => {
      given(organizationDecider, []).when(create('  Acme  ')).then([created]);
    });

    it('refuses to create an organization twice', () => {
      given(organizationDecider, [created])
        .when(create('Acme'))
        .thenThrows(ConflictError, exactly('This organization already exists.'));
    });

    it('refuses a missing or blank name', () => {
      given(organizationDecider, [])
        .when(create(''))
        .thenThrows(ValidationError, exactly('Organization name is required'));
      given(organizationDecider, [])
        .when(create('   '))
        .thenThrows(ValidationError, exactly('Organization name is required'));
      given(organizationDecider, [])
        .when(create(undefined as unknown as string))
        .thenThrows(ValidationError, exactly('Organization name is required'));
    });

    it('refuses a name over 100 characters, counted after trimming', () => {
      given(organizationDecider, [])
        .when(create('x'.repeat(ORGANIZATION_NAME_MAX + 1)))
        .thenThrows(ValidationError, exactly('Organization name must be at most 100 characters'));
      expect(
        given(organizationDecider, [])
          .when(create(` ${'x'.repeat(ORGANIZATION_NAME_MAX)} `))
          .events(),
      ).toHaveLength(1);
    });

    it('refuses a missing time zone', () => {
      given(organizationDecider, [])
        .when(create('Acme', ''))
        .thenThrows(ValidationError, exactly('Time zone is required'));
    });

    it('refuses a time zone that is not an IANA name', () => {
      given(organizationDecider, [])
        .when(create('Acme', 'Mars/Olympus_Mons'))
        .thenThrows(
          ValidationError,
          exactly('"Mars/Olympus_Mons" is not a known time zone (use an IANA name such as America/New_York)'),
        );
    });

    it('names the name problem before the time zone problem', () => {
      given(organizationDecider, [])
        .when(create('', 'Nowhere/Else'))
        .thenThrows(ValidationError, exactly('Organization name is required'));
    });
  });

  describe('commands on an organization that does not exist', () => {
    it('refuses to change settings', () => {
      given(organizationDecider, [])
        .when(change({ name: 'Other' }))
        .thenThrows(NotFoundError, exactly('The organization was not found.'));
    });

    it('refuses to change the logo', () => {
      given(organizationDecider, [])
        .when(setLogo('file-1'))
        .thenThrows(NotFoundError, exactly('The organization was not found.'));
    });
  });

  describe('ChangeOrganizationSettings', () => {
    it('sets the grace before a job is late, from its default of 10 minutes (issue #26)', () => {
      given(organizationDecider, [created])
        .when(change({ lateGraceMinutes: 15 }))
        .then([
          {
            type: 'OrganizationSettingsChanged',
            data: { organizationId: ORG, changes: { lateGraceMinutes: { from: 10, to: 15 } } },
          },
        ]);
      given(organizationDecider, [created])
        .when(change({ lateGraceMinutes: 10 }))
        .then([]);
    });

    it('refuses a grace that is not a whole number of minutes from 0 to 240', () => {
      for (const minutes of [-1, 241, 2.5, Number.NaN])
        given(organizationDecider, [created])
          .when(change({ lateGraceMinutes: minutes }))
          .thenThrows(ValidationError, exactly(LATE_GRACE_PROBLEM));
      given(organizationDecider, [created])
        .when(change({ lateGraceMinutes: 0 }))
        .then([
          {
            type: 'OrganizationSettingsChanged',
            data: { organizationId: ORG, changes: { lateGraceMinutes: { from: 10, to: 0 } } },
          },
        ]);
    });

    it('sets the offline clock limit, from its default of 12 hours (issue #29), to a whole number of hours from 1 to 72', () => {
      given(organizationDecider, [created])
        .when(change({ offlineClockLimitHours: 24 }))
        .then([
          {
            type: 'OrganizationSettingsChanged',
            data: { organizationId: ORG, changes: { offlineClockLimitHours: { from: 12, to: 24 } } },
          },
        ]);
      given(organizationDecider, [created])
        .when(change({ offlineClockLimitHours: 12 }))
        .then([]);
      for (const hours of [0, 73, 1.5, Number.NaN])
        given(organizationDecider, [created])
          .when(change({ offlineClockLimitHours: hours }))
          .thenThrows(ValidationError, exactly(OFFLINE_CLOCK_LIMIT_PROBLEM));
    });

    it('sets the visit reminders (issue #31 item 2) from their defaults, recording only what differs', () => {
      given(organizationDecider, [created])
        .when(change({ visitReminders: 'daysBefore', visitReminderDays: 1, visitReminderTime: '10:00' }))
        .then([
          {
            type: 'OrganizationSettingsChanged',
            data: {
              organizationId: ORG,
              changes: {
                visitReminders: { from: 'off', to: 'daysBefore' },
                visitReminderTime: { from: '09:00', to: '10:00' },
              },
            },
          },
        ]);
      given(organizationDecider, [created])
        .when(change({ visitReminders: 'off', visitReminderHours: 24, visitReminderWindowEnd: '20:00' }))
        .then([]);
    });

    it('checks the reminder settings laid over the current ones: a time outside a window set before is refused', () => {
      const daysAtTen: OrganizationEvent = {
        type: 'OrganizationSettingsChanged',
        data: {
          organizationId: ORG,
          changes: {
            visitReminders: { from: 'off', to: 'daysBefore' },
            visitReminderTime: { from: '09:00', to: '10:00' },
          },
        },
      };
      // The window may not leave the reminder time outside it, nor may the time leave the window.
      given(organizationDecider, [created, daysAtTen])
        .when(change({ visitReminderWindowStart: '11:00' }))
        .thenThrows(ValidationError, exactly('The reminder time must be inside the sending window'));
      given(organizationDecider, [created, daysAtTen])
        .when(change({ visitReminderTime: '21:00' }))
        .thenThrows(ValidationError, exactly('The reminder time must be inside the sending window'));
      // Both at once are checked together.
      given(organizationDecider, [created, daysAtTen])
        .when(change({ visitReminderWindowStart: '11:00', visitReminderTime: '11:30' }))
        .then([
          {
            type: 'OrganizationSettingsChanged',
            data: {
              organizationId: ORG,
              changes: {
                visitReminderTime: { from: '10:00', to: '11:30' },
                visitReminderWindowStart: { from: '08:00', to: '11:00' },
              },
            },
          },
        ]);
      // Hours before: the time of day is the days' and is not checked against the window.
      given(organizationDecider, [created])
        .when(
          change({
            visitReminders: 'hoursBefore',
            visitReminderHours: 3,
            visitReminderWindowStart: '21:00',
            visitReminderWindowEnd: '24:00',
          }),
        )
        .then([
          {
            type: 'OrganizationSettingsChanged',
            data: {
              organizationId: ORG,
              changes: {
                visitReminders: { from: 'off', to: 'hoursBefore' },
                visitReminderHours: { from: 24, to: 3 },
                visitReminderWindowStart: { from: '08:00', to: '21:00' },
                visitReminderWindowEnd: { from: '20:00', to: '24:00' },
              },
            },
          },
        ]);
      for (const [changes, message] of [
        [{ visitReminders: 'weekly' }, 'Visit reminders must be off, hoursBefore or daysBefore'],
        [{ visitReminderHours: 73 }, 'Send reminders 1 to 72 hours before a visit'],
        [{ visitReminderDays: 0 }, 'Send reminders 1 to 7 days before a visit'],
        [{ visitReminderTime: '9:00' }, 'The reminder time must be a time of day (HH:MM)'],
        [{ visitReminderWindowEnd: '25:00' }, 'The sending window must be two times of day (HH:MM)'],
        [{ visitReminderWindowStart: '19:30' }, 'The sending window must end at least an hour after it starts'],
      ] as const)
        given(organizationDecider, [created]).when(change(changes)).thenThrows(ValidationError, exactly(message));
    });

    it('records each changed setting as from → to', () => {
      given(organizationDecider, [created])
        .when(
          change({
            name: 'Acme Cleaning',
            timeZone: 'Europe/Paris',
            pickUpJobsEnabled: true,
            automatedRatingEmailsEnabled: true,
          }),
        )
        .then([
          {
            type: 'OrganizationSettingsChanged',
            data: {
              organizationId: ORG,
              changes: {
                name: { from: 'Acme', to: 'Acme Cleaning' },
                timeZone: { from: 'America/New_York', to: 'Europe/Paris' },
                pickUpJobsEnabled: { from: false, to: true },
                automatedRatingEmailsEnabled: { from: false, to: true },
              },
            },
          },
        ]);
    });

    it('records only the settings that differ', () => {
      given(organizationDecider, [created])
        .when(change({ name: 'Acme', timeZone: 'America/New_York', pickUpJobsEnabled: true }))
        .then([
          {
            type: 'OrganizationSettingsChanged',
            data: { organizationId: ORG, changes: { pickUpJobsEnabled: { from: false, to: true } } },
          },
        ]);
    });

    it('trims a new name', () => {
      given(organizationDecider, [created])
        .when(change({ name: '  New name ' }))
        .then([
          {
            type: 'OrganizationSettingsChanged',
            data: { organizationId: ORG, changes: { name: { from: 'Acme', to: 'New name' } } },
          },
        ]);
    });

    it('does nothing when nothing changes (idempotent)', () => {
      given(organizationDecider, [created]).when(change({})).then([]);
      given(organizationDecider, [created])
        .when(change({ name: ' Acme ', pickUpJobsEnabled: false, automatedRatingEmailsEnabled: false }))
        .then([]);
    });

    it('ignores keys that are not settings', () => {
      given(organizationDecider, [created])
        .when(change({ logoFileId: 'x', organizationId: 'other', color: 'red' }))
        .then([]);
    });

    it('refuses a blank name', () => {
      given(organizationDecider, [created])
        .when(change({ name: '  ' }))
        .thenThrows(ValidationError, exactly('Organization name is required'));
    });

    it('refuses a name over 100 characters', () => {
      given(organizationDecider, [created])
        .when(change({ name: 'y'.repeat(101) }))
        .thenThrows(ValidationError, exactly('Organization name must be at most 100 characters'));
    });

    it('refuses an empty or unknown time zone', () => {
      given(organizationDecider, [created])
        .when(change({ timeZone: '' }))
        .thenThrows(ValidationError, exactly('Time zone is required'));
      given(organizationDecider, [created])
        .when(change({ timeZone: 'Eastern' }))
        .thenThrows(
          ValidationError,
          exactly('"Eastern" is not a known time zone (use an IANA name such as America/New_York)'),
        );
    });

    it('turns a switch off again', () => {
      const on: OrganizationEvent = {
        type: 'OrganizationSettingsChanged',
        data: { organizationId: ORG, changes: { pickUpJobsEnabled: { from: false, to: true } } },
      };
      given(organizationDecider, [created, on])
        .when(change({ pickUpJobsEnabled: false }))
        .then([
          {
            type: 'OrganizationSettingsChanged',
            data: { organizationId: ORG, changes: { pickUpJobsEnabled: { from: true, to: false } } },
          },
        ]);
      given(organizationDecider, [created, on])
        .when(change({ pickUpJobsEnabled: true }))
        .then([]);
    });
  });

  describe('ChangeOrganizationLogo', () => {
    it('sets a first logo', () => {
      given(organizationDecider, [created])
        .when(setLogo('file-1'))
        .then([logoSet('file-1', null)]);
    });

    it('replaces a logo, naming the previous file so that it can be deleted', () => {
      given(organizationDecider, [created, logoSet('file-1')])
        .when(setLogo('file-2'))
        .then([logoSet('file-2', 'file-1')]);
    });

    it('removes the logo', () => {
      given(organizationDecider, [created, logoSet('file-1')])
        .when(setLogo(null))
        .then([logoSet(null, 'file-1')]);
    });

    it('does nothing when the logo is already that file, or already absent (idempotent)', () => {
      given(organizationDecider, [created, logoSet('file-1')])
        .when(setLogo('file-1'))
        .then([]);
      given(organizationDecider, [created]).when(setLogo(null)).then([]);
      given(organizationDecider, [created, logoSet('file-1'), logoSet(null, 'file-1')])
        .when(setLogo(null))
        .then([]);
    });
  });

  describe('SetOrganizationHolidays', () => {
    const set = (holidays: unknown) => ({ type: 'SetOrganizationHolidays' as const, organizationId: ORG, holidays });
    const thanksgiving = { date: '2026-11-26', name: 'Thanksgiving' };
    const changed = (holidays: unknown[], previous: unknown[] = []): OrganizationEvent =>
      ({ type: 'OrganizationHolidaysChanged', data: { organizationId: ORG, holidays, previous } }) as OrganizationEvent;

    it('replaces the list, in date order, names trimmed (blank: none); the same list again changes nothing', () => {
      given(organizationDecider, [created])
        .when(
          set([
            { date: '2026-12-25', name: '  ' },
            { date: '2026-11-26', name: ' Thanksgiving ' },
          ]),
        )
        .then([changed([thanksgiving, { date: '2026-12-25', name: null }])]);
      given(organizationDecider, [created, changed([thanksgiving])])
        .when(set([thanksgiving]))
        .then([]);
      given(organizationDecider, [created, changed([thanksgiving])])
        .when(set([]))
        .then([changed([], [thanksgiving])]);
    });

    it('refuses what is not a real date, a date twice, a long name, or no list', () => {
      for (const date of ['2026-02-30', '26-11-26', 'Thanksgiving', 20261126, null])
        given(organizationDecider, [created])
          .when(set([{ date }]))
          .thenThrows(ValidationError, exactly('Each holiday must be a date (YYYY-MM-DD)'));
      for (const date of ['0001-01-01', '1800-01-01', '9999-12-31'])
        given(organizationDecider, [created])
          .when(set([{ date }]))
          .thenThrows(ValidationError, exactly(`Each holiday must be from 2000 to 2099, not ${date}`));
      given(organizationDecider, [created])
        .when(set([thanksgiving, { date: '2026-11-26' }]))
        .thenThrows(ValidationError, exactly('2026-11-26 is listed twice'));
      given(organizationDecider, [created])
        .when(set([{ date: '2026-11-26', name: 'x'.repeat(81) }]))
        .thenThrows(ValidationError, exactly('A holiday’s name must be at most 80 characters'));
      given(organizationDecider, [created])
        .when(set('2026-11-26'))
        .thenThrows(ValidationError, exactly('Holidays must be a list of dates'));
    });
  });

  describe('evolve', () => {
    it('folds the history into the current settings and logo', () => {
      const { state } = given(organizationDecider, [
        created,
        {
          type: 'OrganizationSettingsChanged',
          data: {
            organizationId: ORG,
            changes: {
              name: { from: 'Acme', to: 'Beta' },
              automatedRatingEmailsEnabled: { from: false, to: true },
              visitReminders: { from: 'off', to: 'daysBefore' },
              visitReminderDays: { from: 1, to: 3 },
            },
          },
        },
        logoSet('file-9'),
      ]);
      expect(state).toEqual({
        status: 'active',
        organizationId: ORG,
        name: 'Beta',
        timeZone: 'America/New_York',
        pickUpJobsEnabled: false,
        automatedRatingEmailsEnabled: true,
        visitReminders: 'daysBefore',
        visitReminderDays: 3,
        logoFileId: 'file-9',
        holidays: [],
      });
    });

    it('ignores changes to an organization that was never created', () => {
      const { state } = given(organizationDecider, [
        {
          type: 'OrganizationSettingsChanged',
          data: { organizationId: ORG, changes: { name: { from: 'a', to: 'b' } } },
        },
        logoSet('file-1'),
      ]);
      expect(state).toEqual({ status: 'none' });
    });
  });

  describe('problem helpers', () => {
    it('accept good values', () => {
      expect(organizationNameProblem('Acme')).toBeNull();
      expect(timeZoneProblem('Europe/London')).toBeNull();
      expect(timeZoneProblem('UTC')).toBeNull();
    });

    it('refuse values that are not strings', () => {
      expect(organizationNameProblem(42)).toBe('Organization name is required');
      expect(timeZoneProblem(null)).toBe('Time zone is required');
    });
  });
});
