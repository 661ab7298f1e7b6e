import { describe, expect, it } from 'vitest';
import { supportDetails, supportMailto } from './supportDetails';
import { DEFAULT_PAY_SETTINGS } from '../../../../src/shared/payroll';
import { DEFAULT_VISIT_REMINDER_SETTINGS } from '../../../../src/shared/notices';

const session = {
  company: {
    id: 'org-1',
    name: 'Acme & Sons',
    logoUrl: null,
    timeZone: 'America/Chicago',
    pickUpJobsEnabled: false,
    automatedRatingEmailsEnabled: false,
    lateGraceMinutes: 10,
    offlineClockLimitHours: 12,
    ...DEFAULT_PAY_SETTINGS,
    ...DEFAULT_VISIT_REMINDER_SETTINGS,
  },
  user: {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    email: 'ada@acme.test',
    employeeId: null,
    phoneNumber: null,
    colorCode: '#0D1B41',
    roles: ['Company Admin' as const],
    active: true,
    profilePictureUrl: null,
  },
};

describe('support details', () => {
  it('names the organization, its id, the user and the browser', () => {
    expect(supportDetails(session, 'Chromium/1')).toEqual([
      ['Organization', 'Acme & Sons'],
      ['Organization ID', 'org-1'],
      ['Signed in as', 'Ada Lovelace <ada@acme.test>'],
      ['Time zone', 'America/Chicago'],
      ['Browser', 'Chromium/1'],
    ]);
  });

  it('builds a mailto link with the subject and details encoded', () => {
    const link = supportMailto('help@provider.test', 'Acme & Sons', 'Organization: Acme & Sons');
    expect(
      link.startsWith('mailto:help@provider.test?subject=Support%20request%20from%20Acme%20%26%20Sons&body='),
    ).toBe(true);
    expect(decodeURIComponent(link.split('body=')[1])).toContain('Organization: Acme & Sons');
  });
});
