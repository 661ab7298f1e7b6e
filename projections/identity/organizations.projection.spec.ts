import { eventLog, projection } from '../../src/core/projection.testing';
import type { OrganizationEvent, OrganizationSettings } from '../../src/identity/identity.events';
import { ORGANIZATIONS } from '../../src/identity/identity.read-models';
import { organizationsProjection } from './organizations.projection';

const ORG = 'org-1';
const settings: OrganizationSettings = {
  name: 'Maple Lawns',
  timeZone: 'America/Chicago',
  pickUpJobsEnabled: false,
  automatedRatingEmailsEnabled: false,
};

describe('organizations projection', () => {
  const spec = projection(organizationsProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: 'user-admin' })));
  const organization = (e: OrganizationEvent) => log.event(`organization-${ORG}`, e);
  const created = (overrides: Partial<OrganizationSettings> = {}) =>
    organization({ type: 'OrganizationCreated', data: { organizationId: ORG, ...settings, ...overrides } });

  it('builds a created organization with no logo, rating e-mails off', async () => {
    await spec.given(created()).then(ORGANIZATIONS, [
      {
        _id: ORG,
        ...settings,
        automatedRatingEmailsSince: null,
        logoFileId: null,
        logoUrl: null,
        createdAt: log.at(1),
        _rev: 0,
      },
    ]);
  });

  it('dates rating e-mails from their creation when created with them on', async () => {
    await spec
      .given(created({ automatedRatingEmailsEnabled: true }))
      .then(ORGANIZATIONS, [
        expect.objectContaining({ automatedRatingEmailsEnabled: true, automatedRatingEmailsSince: log.at(1) }),
      ]);
  });

  it('applies changed settings, dating rating e-mails from the change that turns them on', async () => {
    await spec
      .given(
        created(),
        organization({
          type: 'OrganizationSettingsChanged',
          data: {
            organizationId: ORG,
            changes: {
              name: { from: 'Maple Lawns', to: 'Maple & Oak' },
              automatedRatingEmailsEnabled: { from: false, to: true },
              lateGraceMinutes: { from: undefined, to: 20 },
            },
          },
        }),
        // Turned off, the date stays: the rating process reads it only while they are on.
        organization({
          type: 'OrganizationSettingsChanged',
          data: { organizationId: ORG, changes: { automatedRatingEmailsEnabled: { from: true, to: false } } },
        }),
      )
      .then(ORGANIZATIONS, [
        {
          _id: ORG,
          ...settings,
          name: 'Maple & Oak',
          lateGraceMinutes: 20,
          automatedRatingEmailsEnabled: false,
          automatedRatingEmailsSince: log.at(2),
          logoFileId: null,
          logoUrl: null,
          createdAt: log.at(1),
          _rev: 2,
        },
      ]);
  });

  it('keeps the visit reminder settings as last changed (issue #31 item 2)', async () => {
    await spec
      .given(
        created(),
        organization({
          type: 'OrganizationSettingsChanged',
          data: {
            organizationId: ORG,
            changes: {
              visitReminders: { from: 'off', to: 'daysBefore' },
              visitReminderDays: { from: 1, to: 2 },
              visitReminderTime: { from: '09:00', to: '10:30' },
            },
          },
        }),
        organization({
          type: 'OrganizationSettingsChanged',
          data: {
            organizationId: ORG,
            changes: {
              visitReminders: { from: 'daysBefore', to: 'hoursBefore' },
              visitReminderHours: { from: 24, to: 3 },
              visitReminderWindowStart: { from: '08:00', to: '07:00' },
              visitReminderWindowEnd: { from: '20:00', to: '24:00' },
            },
          },
        }),
      )
      .then(ORGANIZATIONS, [
        expect.objectContaining({
          visitReminders: 'hoursBefore',
          visitReminderHours: 3,
          visitReminderDays: 2,
          visitReminderTime: '10:30',
          visitReminderWindowStart: '07:00',
          visitReminderWindowEnd: '24:00',
          _rev: 2,
        }),
      ]);
  });

  it('keeps the holidays as last set, and the logo with the URL it is served at', async () => {
    const holidays = [
      { date: '2030-07-04', name: 'Independence Day' },
      { date: '2030-12-25', name: null },
    ];
    await spec
      .given(
        created(),
        organization({
          type: 'OrganizationHolidaysChanged',
          data: { organizationId: ORG, holidays, previous: [] },
        }),
        organization({
          type: 'OrganizationLogoChanged',
          data: { organizationId: ORG, fileId: 'file-logo', previousFileId: null },
        }),
      )
      .then(ORGANIZATIONS, [
        expect.objectContaining({ holidays, logoFileId: 'file-logo', logoUrl: '/api/files/file-logo', _rev: 2 }),
      ]);
  });

  it('forgets a removed logo', async () => {
    await spec
      .given(
        created(),
        organization({
          type: 'OrganizationLogoChanged',
          data: { organizationId: ORG, fileId: 'file-logo', previousFileId: null },
        }),
        organization({
          type: 'OrganizationLogoChanged',
          data: { organizationId: ORG, fileId: null, previousFileId: 'file-logo' },
        }),
      )
      .then(ORGANIZATIONS, [expect.objectContaining({ logoFileId: null, logoUrl: null })]);
  });

  it("ignores other streams' events", async () => {
    await spec
      .given(log.event(`user-${ORG}`, { type: 'OrganizationCreated', data: { organizationId: ORG, ...settings } }))
      .thenNothing();
  });

  it('pushes organization.changed to the organization for each change (nobody listens yet at its creation)', async () => {
    const { notices } = await spec
      .given(
        created(),
        organization({
          type: 'OrganizationHolidaysChanged',
          data: { organizationId: ORG, holidays: [], previous: [] },
        }),
      )
      .effects();
    const notice = { rooms: [`org:${ORG}`], event: 'organization.changed', payload: { organizationId: ORG } };
    expect(notices).toEqual([notice]);
  });
});
