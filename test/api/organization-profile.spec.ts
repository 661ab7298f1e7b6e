import { randomUUID } from 'node:crypto';
import { ApiClient, expectError, startTestApp, TestApp, TestOrganization, TINY_PNG } from '../support/app';
import { DEFAULT_PAY_SETTINGS } from '../../src/shared/payroll';
import { DEFAULT_VISIT_REMINDER_SETTINGS } from '../../src/shared/notices';
import type { AuditEntry } from '../../src/shared/audit';

/** Organization settings (name, time zone, switches, logo) and My Profile (names, phone, picture) over HTTP. */
describe('organization settings and profile over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  /** The raw bytes and headers of a served file. */
  async function download(client: ApiClient, url: string) {
    const response = await fetch(app.url + url, { headers: { cookie: client.cookie } });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
  const TEXT_AS_PNG = Buffer.from('This is a plain text file, whatever its name says.\n');
  const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  /** A real PNG header followed by padding: over 2.5 MB. */
  const HUGE_PNG = Buffer.concat([TINY_PNG, Buffer.alloc(2.5 * 1024 * 1024 + 1 - TINY_PNG.length + 1024)]);

  describe('GET and PATCH /api/organization/settings', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Settings');
    });

    it('shows the settings of my organization', async () => {
      const response = await org.admin.get('/api/organization/settings');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        name: expect.stringMatching(/^Settings /),
        logoUrl: null,
        timeZone: 'America/New_York',
        pickUpJobsEnabled: false,
        automatedRatingEmailsEnabled: false,
        lateGraceMinutes: 10,
        offlineClockLimitHours: 12,
        ...DEFAULT_PAY_SETTINGS,
        ...DEFAULT_VISIT_REMINDER_SETTINGS,
      });
    });

    it('changes the name, trimmed, and the session shows it at once', async () => {
      const response = await org.admin.patch('/api/organization/settings', { name: '  Sparkle Cleaning Co  ' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, data: expect.objectContaining({ name: 'Sparkle Cleaning Co' }) });
      expect((await org.admin.get('/api/organization/settings')).body.name).toBe('Sparkle Cleaning Co');
      expect((await org.associate.get('/api/session')).body.company.name).toBe('Sparkle Cleaning Co');
    });

    it('changes the time zone to another IANA zone', async () => {
      const response = await org.admin.patch('/api/organization/settings', { timeZone: 'Europe/Berlin' });
      expect(response.status).toBe(200);
      expect(response.body.data.timeZone).toBe('Europe/Berlin');
      expect((await org.manager.get('/api/session')).body.company.timeZone).toBe('Europe/Berlin');
    });

    it('refuses a time zone that is not an IANA name, with a message, and keeps the old one', async () => {
      const before = (await org.admin.get('/api/organization/settings')).body;
      expectError(
        await org.admin.patch('/api/organization/settings', { timeZone: 'Eastern Standard Time' }),
        400,
        '"Eastern Standard Time" is not a known time zone (use an IANA name such as America/New_York)',
      );
      expectError(await org.admin.patch('/api/organization/settings', { timeZone: '' }), 400, 'Time zone is required');
      expect((await org.admin.get('/api/organization/settings')).body).toEqual(before);
    });

    it('refuses a blank or too long name', async () => {
      expectError(
        await org.admin.patch('/api/organization/settings', { name: '   ' }),
        400,
        'Organization name is required',
      );
      expectError(
        await org.admin.patch('/api/organization/settings', { name: 'n'.repeat(101) }),
        400,
        'Organization name must be at most 100 characters',
      );
      expectError(
        await org.admin.patch('/api/organization/settings', { name: 'Fine', timeZone: 'Nowhere/Land' }),
        400,
        '"Nowhere/Land" is not a known time zone (use an IANA name such as America/New_York)',
      );
      expect((await org.admin.get('/api/organization/settings')).body.name).not.toBe('Fine');
    });

    it('turns the two switches on and off', async () => {
      const on = await org.admin.patch('/api/organization/settings', {
        pickUpJobsEnabled: true,
        automatedRatingEmailsEnabled: true,
      });
      expect(on.status).toBe(200);
      expect(on.body.data).toMatchObject({ pickUpJobsEnabled: true, automatedRatingEmailsEnabled: true });
      expect((await org.associate.get('/api/session')).body.company).toMatchObject({
        pickUpJobsEnabled: true,
        automatedRatingEmailsEnabled: true,
      });
      const off = await org.admin.patch('/api/organization/settings', { automatedRatingEmailsEnabled: false });
      expect(off.body.data).toMatchObject({ pickUpJobsEnabled: true, automatedRatingEmailsEnabled: false });
    });

    it('sets the grace before Home marks a job late (0–240 minutes, 10 by default) and refuses others with a message', async () => {
      expect((await org.admin.get('/api/session')).body.company.lateGraceMinutes).toBe(10);
      for (const minutes of [-1, 241, 2.5, '15'])
        expectError(
          await org.admin.patch('/api/organization/settings', { lateGraceMinutes: minutes }),
          400,
          'The grace before a job is late must be a whole number of minutes from 0 to 240',
        );
      expect((await org.admin.patch('/api/organization/settings', { lateGraceMinutes: 25 })).status).toBe(200);
      expect((await org.admin.get('/api/organization/settings')).body.lateGraceMinutes).toBe(25);
      expect((await org.manager.get('/api/session')).body.company.lateGraceMinutes).toBe(25);
      expect((await org.admin.patch('/api/organization/settings', { lateGraceMinutes: 10 })).status).toBe(200);
    });

    it("sets the offline clock limit (1–72 hours, 12 by default): how far back a phone's start may be before a manager reviews it", async () => {
      expect((await org.admin.get('/api/session')).body.company.offlineClockLimitHours).toBe(12);
      for (const hours of [0, 73, 2.5, '24'])
        expectError(
          await org.admin.patch('/api/organization/settings', { offlineClockLimitHours: hours }),
          400,
          'The offline clock limit must be a whole number of hours from 1 to 72',
        );
      expect((await org.admin.patch('/api/organization/settings', { offlineClockLimitHours: 24 })).status).toBe(200);
      expect((await org.admin.get('/api/organization/settings')).body.offlineClockLimitHours).toBe(24);
      expect((await org.manager.get('/api/session')).body.company.offlineClockLimitHours).toBe(24);
      expect((await org.admin.patch('/api/organization/settings', { offlineClockLimitHours: 12 })).status).toBe(200);
    });

    it('refuses a switch that is not true or false', async () => {
      expectError(
        await org.admin.patch('/api/organization/settings', { pickUpJobsEnabled: 'yes' }),
        400,
        'pickUpJobsEnabled must be true or false',
      );
      expectError(
        await org.admin.patch('/api/organization/settings', { automatedRatingEmailsEnabled: 1 }),
        400,
        'automatedRatingEmailsEnabled must be true or false',
      );
    });

    it('refuses null for a setting, which has no "none", with its message, and keeps the settings', async () => {
      const before = (await org.admin.get('/api/organization/settings')).body;
      expectError(
        await org.admin.patch('/api/organization/settings', { pickUpJobsEnabled: null }),
        400,
        'pickUpJobsEnabled must be true or false',
      );
      expectError(
        await org.admin.patch('/api/organization/settings', { automatedRatingEmailsEnabled: null }),
        400,
        'automatedRatingEmailsEnabled must be true or false',
      );
      expectError(
        await org.admin.patch('/api/organization/settings', { name: null }),
        400,
        'Organization name is required',
      );
      expectError(
        await org.admin.patch('/api/organization/settings', { timeZone: null }),
        400,
        'Time zone is required',
      );
      expect((await org.admin.get('/api/organization/settings')).body).toEqual(before);
    });

    it('changes only what is sent; an empty change changes nothing', async () => {
      const before = (await org.admin.get('/api/organization/settings')).body;
      const response = await org.admin.patch('/api/organization/settings', {});
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual(before);
    });

    it('drops fields it does not know (logoUrl, id, anything else)', async () => {
      const before = (await org.admin.get('/api/organization/settings')).body;
      const response = await org.admin.patch('/api/organization/settings', {
        logoUrl: 'https://evil.example/logo.png',
        id: randomUUID(),
        organizationId: randomUUID(),
        favouriteColour: 'teal',
        name: 'Renamed Co',
      });
      expect(response.status).toBe(200);
      const after = (await org.admin.get('/api/organization/settings')).body;
      expect(after).toEqual({ ...before, name: 'Renamed Co' });
      expect(Object.keys(after).sort()).toEqual([
        'automatedRatingEmailsEnabled',
        'lateGraceMinutes',
        'logoUrl',
        'name',
        'offlineClockLimitHours',
        'overtimeRule',
        'payPeriodAnchorDate',
        'payPeriodFrequency',
        'pickUpJobsEnabled',
        'timeZone',
        'timesheetSubmission',
        'visitReminderDays',
        'visitReminderHours',
        'visitReminderTime',
        'visitReminderWindowEnd',
        'visitReminderWindowStart',
        'visitReminders',
        'weekStartsOn',
      ]);
    });

    it('leaves another organization untouched', async () => {
      const other = await app.organization('Bystander');
      const before = (await other.admin.get('/api/organization/settings')).body;
      await org.admin.patch('/api/organization/settings', { name: 'Only Mine', pickUpJobsEnabled: false });
      expect((await other.admin.get('/api/organization/settings')).body).toEqual(before);
    });
  });

  describe('visit reminders (issue #31 item 2) in PATCH /api/organization/settings', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Reminders');
    });
    const settings = async () => (await org.admin.get('/api/organization/settings')).body;
    const patch = (changes: Record<string, unknown>) => org.admin.patch('/api/organization/settings', changes);

    it('starts off, with the day before at 9:00 between 8:00 and 20:00 ready, in the session too', async () => {
      expect((await org.associate.get('/api/session')).body.company).toMatchObject({
        visitReminders: 'off',
        visitReminderHours: 24,
        visitReminderDays: 1,
        visitReminderTime: '09:00',
        visitReminderWindowStart: '08:00',
        visitReminderWindowEnd: '20:00',
      });
    });

    it('turns them on days before, then hours before with a window; the session and the settings show them', async () => {
      const days = await patch({ visitReminders: 'daysBefore', visitReminderDays: 2, visitReminderTime: '10:30' });
      expect(days.status).toBe(200);
      expect(days.body.data).toMatchObject({
        visitReminders: 'daysBefore',
        visitReminderDays: 2,
        visitReminderTime: '10:30',
        visitReminderWindowStart: '08:00',
        visitReminderWindowEnd: '20:00',
      });
      expect((await org.manager.get('/api/session')).body.company).toMatchObject({
        visitReminders: 'daysBefore',
        visitReminderDays: 2,
        visitReminderTime: '10:30',
      });
      const hours = await patch({
        visitReminders: 'hoursBefore',
        visitReminderHours: 3,
        visitReminderWindowStart: '07:00',
        visitReminderWindowEnd: '24:00',
      });
      expect(hours.status).toBe(200);
      const expected = {
        visitReminders: 'hoursBefore',
        visitReminderHours: 3,
        visitReminderDays: 2,
        visitReminderTime: '10:30',
        visitReminderWindowStart: '07:00',
        visitReminderWindowEnd: '24:00',
      };
      expect(await settings()).toMatchObject(expected);
      expect((await org.associate.get('/api/session')).body.company).toMatchObject(expected);
    });

    it('refuses a wrong type or a bad value with its message, and keeps the settings', async () => {
      const before = await settings();
      const refusals: [Record<string, unknown>, string][] = [
        [{ visitReminders: 'weekly' }, 'Visit reminders must be off, hoursBefore or daysBefore'],
        [{ visitReminders: null }, 'Visit reminders must be off, hoursBefore or daysBefore'],
        [{ visitReminderHours: '24' }, 'Send reminders 1 to 72 hours before a visit'],
        [{ visitReminderHours: 73 }, 'Send reminders 1 to 72 hours before a visit'],
        [{ visitReminderDays: 1.5 }, 'Send reminders 1 to 7 days before a visit'],
        [{ visitReminderDays: 8 }, 'Send reminders 1 to 7 days before a visit'],
        [{ visitReminderTime: 900 }, 'The reminder time must be a time of day (HH:MM)'],
        [{ visitReminderTime: '9:00' }, 'The reminder time must be a time of day (HH:MM)'],
        [{ visitReminderTime: '09:00:00' }, 'The reminder time must be a time of day (HH:MM)'],
        [{ visitReminderWindowStart: null }, 'The sending window must be two times of day (HH:MM)'],
        [{ visitReminderWindowEnd: '25:00' }, 'The sending window must be two times of day (HH:MM)'],
        [{ visitReminderWindowStart: '23:30' }, 'The sending window must end at least an hour after it starts'],
        // Days before at 10:30 (set above) must stay inside the window.
        [
          { visitReminders: 'daysBefore', visitReminderWindowStart: '11:00' },
          'The reminder time must be inside the sending window',
        ],
      ];
      for (const [changes, message] of refusals) expectError(await patch(changes), 400, message);
      expect(await settings()).toEqual(before);
    });

    it("is the Company Admin's: an Associate and a Customer Manager are refused", async () => {
      expectError(await org.associate.patch('/api/organization/settings', { visitReminders: 'off' }), 403);
      expectError(await org.manager.patch('/api/organization/settings', { visitReminders: 'off' }), 403);
      expect((await settings()).visitReminders).toBe('hoursBefore');
    });

    it('puts each change in the audit log in words', async () => {
      const entries = (await org.admin.get('/api/audit?recordType=organization')).body.resultItems as AuditEntry[];
      const changes = entries.filter((e) => e.type === 'OrganizationSettingsChanged').map((e) => e.changes);
      // Newest first.
      expect(changes).toEqual([
        [
          { field: 'Visit reminders', from: 'Days before', to: 'Hours before' },
          { field: 'Reminder hours before', from: '24', to: '3' },
          { field: 'Sending window start', from: '08:00', to: '07:00' },
          { field: 'Sending window end', from: '20:00', to: '24:00' },
        ],
        [
          { field: 'Visit reminders', from: 'Off', to: 'Days before' },
          { field: 'Reminder days before', from: '1', to: '2' },
          { field: 'Reminder time', from: '09:00', to: '10:30' },
        ],
      ]);
    });
  });

  describe('PUT and DELETE /api/organization/settings/logo', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Logo');
    });

    it('uploads a PNG logo (multipart field File): the session company gets its logoUrl', async () => {
      const response = await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG, 'logo.png');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: { logoUrl: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/) },
      });
      const logoUrl = response.body.data.logoUrl;
      expect((await org.admin.get('/api/organization/settings')).body.logoUrl).toBe(logoUrl);
      expect((await org.associate.get('/api/session')).body.company.logoUrl).toBe(logoUrl);
    });

    it('serves the logo as an image that a browser can never run: image/png, nosniff, a sandbox CSP', async () => {
      const { logoUrl } = (await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG, 'evil".html'))
        .body.data;
      for (const client of [org.admin, org.manager, org.associate]) {
        const file = await download(client, logoUrl);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('image/png');
        expect(file.headers.get('x-content-type-options')).toBe('nosniff');
        expect(file.headers.get('content-security-policy')).toMatch(/sandbox/);
        expect(file.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
        expect(file.headers.get('content-disposition')).not.toMatch(/evil".html/);
        expect(file.bytes.equals(TINY_PNG)).toBe(true);
      }
    });

    it('takes the content type from the bytes, not from the name', async () => {
      const { logoUrl } = (await org.admin.upload('PUT', '/api/organization/settings/logo', JPEG, 'photo.png')).body
        .data;
      expect((await download(org.admin, logoUrl)).headers.get('content-type')).toBe('image/jpeg');
    });

    it('replacing the logo removes the old file', async () => {
      const first = (await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG)).body.data.logoUrl;
      const second = (await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG)).body.data.logoUrl;
      expect(second).not.toBe(first);
      expect((await download(org.admin, first)).status).toBe(404);
      expect((await download(org.admin, second)).status).toBe(200);
    });

    it('refuses a text file named .png, and an SVG, and keeps the current logo', async () => {
      const current = (await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG)).body.data.logoUrl;
      expectError(
        await org.admin.upload('PUT', '/api/organization/settings/logo', TEXT_AS_PNG, 'logo.png'),
        400,
        'The file must be a PNG, JPEG, GIF or WebP image.',
      );
      expectError(
        await org.admin.upload('PUT', '/api/organization/settings/logo', SVG, 'logo.svg'),
        400,
        'The file must be a PNG, JPEG, GIF or WebP image.',
      );
      expect((await org.admin.get('/api/organization/settings')).body.logoUrl).toBe(current);
    });

    it('refuses a file over 2.5 MB', async () => {
      const response = await org.admin.upload('PUT', '/api/organization/settings/logo', HUGE_PNG, 'big.png');
      expect([400, 413]).toContain(response.status);
      expect(response.body).toEqual({ success: false, errors: ['The file is too large. The maximum is 2.5 MB.'] });
    });

    it('refuses a request without a file', async () => {
      const form = new FormData();
      form.append('Name', 'no file here');
      const empty = await org.admin.request('PUT', '/api/organization/settings/logo', form);
      expectError(empty, 400, 'Choose an image file to upload (field File).');
      expectError(
        await org.admin.put('/api/organization/settings/logo', {}),
        400,
        'Choose an image file to upload (field File).',
      );
      expectError(
        await org.admin.upload('PUT', '/api/organization/settings/logo', Buffer.alloc(0), 'empty.png'),
        400,
        'Choose an image file to upload (field File).',
      );
    });

    it('refuses a file in another field, two files, or a form it cannot read, saying how to send the file', async () => {
      const url = '/api/organization/settings/logo';
      expectError(
        await org.admin.upload('PUT', url, TINY_PNG, 'logo.png', 'Logo'),
        400,
        'Send the file in the multipart field "File".',
      );
      const two = new FormData();
      for (const name of ['a.png', 'b.png']) two.append('File', new Blob([new Uint8Array(TINY_PNG)]), name);
      expectError(
        await org.admin.request('PUT', url, two),
        400,
        'Send one image in the multipart field "File", and nothing else.',
      );
      for (const [type, body] of [
        ['multipart/form-data', 'no boundary'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="File"; filename="a.png"\r\n\r\ncut short',
        ],
      ]) {
        const response = await fetch(app.url + url, {
          method: 'PUT',
          headers: { cookie: org.admin.cookie, 'x-csrf-token': org.admin.csrfToken, 'content-type': type },
          body,
        });
        expect({ type, status: response.status, body: await response.json() }).toEqual({
          type,
          status: 400,
          body: {
            success: false,
            errors: ['The upload could not be read. Send one image as multipart/form-data, in the field "File".'],
          },
        });
      }
    });

    it('removes the logo, and removing again is harmless', async () => {
      const logoUrl = (await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG)).body.data.logoUrl;
      const removed = await org.admin.delete('/api/organization/settings/logo');
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ success: true });
      expect((await org.admin.get('/api/organization/settings')).body.logoUrl).toBeNull();
      expect((await org.associate.get('/api/session')).body.company.logoUrl).toBeNull();
      expect((await download(org.admin, logoUrl)).status).toBe(404);
      expect((await org.admin.delete('/api/organization/settings/logo')).status).toBe(200);
    });
  });

  describe('GET and PATCH /api/profile', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Profile');
    });

    it('shows my profile', async () => {
      const response = await org.associate.get('/api/profile');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        firstName: 'Abe',
        lastName: 'Associate',
        phone: null,
        email: org.associate.email,
        profilePictureUrl: null,
        crewDayEmail: false,
        crewDayEmailHour: 18,
      });
    });

    it('changes my names and phone, trimmed; the Users list and the session show it', async () => {
      const response = await org.associate.patch('/api/profile', {
        firstName: ' Abraham ',
        lastName: 'Assoc',
        phone: '(555) 123-4567',
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        message: 'Your profile has been updated',
        data: {
          firstName: 'Abraham',
          lastName: 'Assoc',
          phone: '(555) 123-4567',
          email: org.associate.email,
          profilePictureUrl: null,
          crewDayEmail: false,
          crewDayEmailHour: 18,
        },
      });
      expect((await org.associate.get('/api/session')).body.user).toMatchObject({
        firstName: 'Abraham',
        fullName: 'Abraham Assoc',
        phoneNumber: '(555) 123-4567',
      });
      const listed = (await org.admin.get(`/api/users/paged?filter=${encodeURIComponent(org.associate.email)}`)).body
        .resultItems[0];
      expect(listed).toMatchObject({ firstName: 'Abraham', lastName: 'Assoc', phoneNumber: '(555) 123-4567' });
    });

    it('keeps the phone when none is sent, and clears it with null or an empty string', async () => {
      await org.manager.patch('/api/profile', { firstName: 'Mona', lastName: 'Customer', phone: '5551234567' });
      expect(
        (await org.manager.patch('/api/profile', { firstName: 'Mona', lastName: 'Manager' })).body.data.phone,
      ).toBe('5551234567');
      expect(
        (await org.manager.patch('/api/profile', { firstName: 'Mona', lastName: 'Manager', phone: null })).body.data
          .phone,
      ).toBeNull();
      await org.manager.patch('/api/profile', { firstName: 'Mona', lastName: 'Manager', phone: '5551234567' });
      expect(
        (await org.manager.patch('/api/profile', { firstName: 'Mona', lastName: 'Manager', phone: '' })).body.data
          .phone,
      ).toBeNull();
    });

    it('requires first and last name', async () => {
      const before = (await org.admin.get('/api/profile')).body;
      expectError(await org.admin.patch('/api/profile', { lastName: 'Admin' }), 400, 'First name is required');
      expectError(
        await org.admin.patch('/api/profile', { firstName: '  ', lastName: 'Admin' }),
        400,
        'First name is required',
      );
      expectError(await org.admin.patch('/api/profile', { firstName: 'Ada' }), 400, 'Last name is required');
      expectError(
        await org.admin.patch('/api/profile', { firstName: 'Ada', lastName: '' }),
        400,
        'Last name is required',
      );
      expectError(await org.admin.patch('/api/profile', {}), 400, 'First name is required');
      expectError(
        await org.admin.patch('/api/profile', { firstName: null, lastName: 'Admin' }),
        400,
        'First name is required',
      );
      expectError(
        await org.admin.patch('/api/profile', { firstName: 'Ada', lastName: null }),
        400,
        'Last name is required',
      );
      expect((await org.admin.get('/api/profile')).body).toEqual(before);
    });

    it('refuses a phone number without 10 digits, and names that are too long', async () => {
      expectError(
        await org.admin.patch('/api/profile', { firstName: 'Ada', lastName: 'Admin', phone: '555-12' }),
        400,
        'Phone number must have 10 digits, as (###) ###-####',
      );
      expectError(
        await org.admin.patch('/api/profile', { firstName: 'a'.repeat(51), lastName: 'Admin' }),
        400,
        'First name must be at most 50 characters',
      );
    });

    it('cannot change my e-mail, role or active flag', async () => {
      const response = await org.associate.patch('/api/profile', {
        firstName: 'Abe',
        lastName: 'Associate',
        email: 'hijack@example.test',
        role: 'Company Admin',
        roles: ['Company Admin'],
        active: false,
        colorCode: '#FF0000',
      });
      expect(response.status).toBe(200);
      const session = (await org.associate.get('/api/session')).body;
      expect(session.user).toMatchObject({
        email: org.associate.email,
        roles: ['Associate'],
        active: true,
        colorCode: '#0D1B41',
      });
      expect(session.claims).toEqual([]);
    });

    describe("Tomorrow's jobs by e-mail (issue #31 item 3)", () => {
      it('is set by the person alone, without the names, read back with the profile, and audited once', async () => {
        const names = (await org.manager.get('/api/profile')).body;
        const saved = await org.manager.patch('/api/profile', { crewDayEmail: true, crewDayEmailHour: 19 });
        expect(saved.status).toBe(200);
        expect(saved.body).toEqual({
          success: true,
          message: "Tomorrow's jobs will be e-mailed to you every day at 7:00 PM",
          data: { ...names, crewDayEmail: true, crewDayEmailHour: 19 },
        });
        expect((await org.manager.get('/api/profile')).body).toEqual({
          ...names,
          crewDayEmail: true,
          crewDayEmailHour: 19,
        });
        // The same again changes nothing; the hour alone keeps it on; the names and phone save leaves it as it is.
        await org.manager.patch('/api/profile', { crewDayEmail: true, crewDayEmailHour: 19 });
        expect((await org.manager.patch('/api/profile', { crewDayEmailHour: 6 })).body.message).toBe(
          "Tomorrow's jobs will be e-mailed to you every day at 6:00 AM",
        );
        const details = await org.manager.patch('/api/profile', { firstName: names.firstName, lastName: 'Manager' });
        expect(details.body.message).toBe('Your profile has been updated');
        expect(details.body.data).toMatchObject({ crewDayEmail: true, crewDayEmailHour: 6 });
        // Only mine: nobody else's changes.
        expect((await org.associate.get('/api/profile')).body).toMatchObject({
          crewDayEmail: false,
          crewDayEmailHour: 18,
        });
        const off = await org.manager.patch('/api/profile', { crewDayEmail: false });
        expect(off.body.message).toBe("Tomorrow's jobs will not be e-mailed to you");
        expect(off.body.data).toMatchObject({ crewDayEmail: false, crewDayEmailHour: 6 });

        const entries = (await org.admin.get(`/api/audit?recordType=user&userId=${org.manager.userId}&pageSize=100`))
          .body.resultItems as AuditEntry[];
        const changes = entries
          .filter((e) => e.type === 'UserDetailsChanged' && e.record.id === org.manager.userId)
          .map((e) => e.changes)
          .filter((c) => c.some((change) => change.field.startsWith("Tomorrow's") || change.field === 'E-mail hour'));
        // Newest first; the repeated save is not there.
        expect(changes).toEqual([
          [{ field: "Tomorrow's jobs by e-mail", from: 'Yes', to: 'No' }],
          [{ field: 'E-mail hour', from: '7:00 PM', to: '6:00 AM' }],
          [
            { field: "Tomorrow's jobs by e-mail", from: 'No', to: 'Yes' },
            { field: 'E-mail hour', from: '6:00 PM', to: '7:00 PM' },
          ],
        ]);
      });

      it('refuses a wrong type or hour with its message, and changes nothing', async () => {
        const before = (await org.associate.get('/api/profile')).body;
        for (const [body, message] of [
          [{ crewDayEmail: 'yes' }, "Tomorrow's jobs by e-mail must be on or off"],
          [{ crewDayEmail: null }, "Tomorrow's jobs by e-mail must be on or off"],
          [{ crewDayEmail: true, crewDayEmailHour: 24 }, 'Choose an hour from 0 to 23 for the e-mail'],
          [{ crewDayEmail: true, crewDayEmailHour: -1 }, 'Choose an hour from 0 to 23 for the e-mail'],
          [{ crewDayEmailHour: 18.5 }, 'Choose an hour from 0 to 23 for the e-mail'],
          [{ crewDayEmailHour: '19' }, 'Choose an hour from 0 to 23 for the e-mail'],
          [{ firstName: 'Abe', crewDayEmail: true }, 'Last name is required'],
        ] as const)
          expectError(await org.associate.patch('/api/profile', body), 400, message);
        expect((await org.associate.get('/api/profile')).body).toEqual(before);
      });
    });

    it('changes only my own profile', async () => {
      const before = (await org.manager.get('/api/profile')).body;
      await org.associate.patch('/api/profile', { firstName: 'Just', lastName: 'Me' });
      expect((await org.manager.get('/api/profile')).body).toEqual(before);
    });
  });

  describe('PUT and DELETE /api/profile/image', () => {
    let org: TestOrganization;
    beforeAll(async () => {
      org = await app.organization('Picture');
    });

    it('uploads my picture; the profile, the session and the Users list show it', async () => {
      const response = await org.associate.upload('PUT', '/api/profile/image', TINY_PNG, 'me.png');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: { profilePictureUrl: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/) },
      });
      const url = response.body.data.profilePictureUrl;
      expect((await org.associate.get('/api/profile')).body.profilePictureUrl).toBe(url);
      expect((await org.associate.get('/api/session')).body.user.profilePictureUrl).toBe(url);
      expect(
        (await org.admin.get(`/api/users/paged?filter=${encodeURIComponent(org.associate.email)}`)).body.resultItems[0]
          .profilePictureUrl,
      ).toBe(url);
      const file = await download(org.manager, url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('content-security-policy')).toMatch(/sandbox/);
      expect(file.bytes.equals(TINY_PNG)).toBe(true);
    });

    it('replaces my picture and removes the old file', async () => {
      const first = (await org.manager.upload('PUT', '/api/profile/image', TINY_PNG)).body.data.profilePictureUrl;
      const second = (await org.manager.upload('PUT', '/api/profile/image', JPEG, 'me.jpg')).body.data
        .profilePictureUrl;
      expect((await download(org.manager, first)).status).toBe(404);
      expect((await download(org.manager, second)).headers.get('content-type')).toBe('image/jpeg');
    });

    it('refuses what is not an image, a file over 2.5 MB, and no file', async () => {
      expectError(
        await org.admin.upload('PUT', '/api/profile/image', TEXT_AS_PNG, 'me.png'),
        400,
        'The file must be a PNG, JPEG, GIF or WebP image.',
      );
      const huge = await org.admin.upload('PUT', '/api/profile/image', HUGE_PNG, 'me.png');
      expect([400, 413]).toContain(huge.status);
      expect(huge.body).toEqual({ success: false, errors: ['The file is too large. The maximum is 2.5 MB.'] });
      expectError(await org.admin.put('/api/profile/image', {}), 400, 'Choose an image file to upload (field File).');
      expect((await org.admin.get('/api/profile')).body.profilePictureUrl).toBeNull();
    });

    it('removes my picture, and removing again is harmless', async () => {
      const url = (await org.admin.upload('PUT', '/api/profile/image', TINY_PNG)).body.data.profilePictureUrl;
      const removed = await org.admin.delete('/api/profile/image');
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ success: true });
      expect((await org.admin.get('/api/profile')).body.profilePictureUrl).toBeNull();
      expect((await download(org.admin, url)).status).toBe(404);
      expect((await org.admin.delete('/api/profile/image')).status).toBe(200);
    });
  });

  describe('files of another organization', () => {
    it("answers 404 for another organization's logo and pictures, and for ids that are not files", async () => {
      const mine = await app.organization('Mine');
      const theirs = await app.organization('Theirs');
      const logo = (await theirs.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG)).body.data.logoUrl;
      const picture = (await theirs.associate.upload('PUT', '/api/profile/image', TINY_PNG)).body.data
        .profilePictureUrl;
      for (const url of [logo, picture]) {
        expect((await download(theirs.associate, url)).status).toBe(200);
        for (const client of [mine.admin, mine.manager, mine.associate]) {
          const response = await client.get(url);
          expectError(response, 404, 'The file was not found.');
        }
      }
      for (const id of [randomUUID(), 'not-a-file', '..%2F..%2F.session-secret']) {
        expectError(await mine.admin.get(`/api/files/${id}`), 404, 'The file was not found.');
      }
      // …and it is still theirs, unchanged.
      expect((await download(theirs.admin, logo)).bytes.equals(TINY_PNG)).toBe(true);
    });

    it('serves no file without a session', async () => {
      const org = await app.organization('Anon');
      const logo = (await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG)).body.data.logoUrl;
      expect((await app.client().get(logo)).status).toBe(401);
    });
  });
});
