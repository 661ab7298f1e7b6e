import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { DEFAULT_PAY_SETTINGS } from '../../../../src/shared/payroll';
import { DEFAULT_VISIT_REMINDER_SETTINGS } from '../../../../src/shared/notices';
import type { SessionPayload as SessionData } from '../../../../src/shared/session';
import { createSessionSlice, type SessionSlice } from './sessionSlice';

const session: SessionData = {
  user: {
    id: 'u1',
    firstName: 'Jane',
    lastName: 'Doe',
    fullName: 'Jane Doe',
    email: 'jane@acme.test',
    employeeId: null,
    phoneNumber: null,
    colorCode: '#0D1B41',
    roles: ['Company Admin'],
    active: true,
    profilePictureUrl: null,
  },
  claims: ['users.crud'],
  company: {
    id: 'o1',
    name: 'Acme',
    logoUrl: null,
    timeZone: 'UTC',
    pickUpJobsEnabled: true,
    automatedRatingEmailsEnabled: false,
    lateGraceMinutes: 10,
    offlineClockLimitHours: 12,
    ...DEFAULT_PAY_SETTINGS,
    ...DEFAULT_VISIT_REMINDER_SETTINGS,
  },
  csrfToken: 't0k',
};

describe('session slice', () => {
  it('holds the session once loaded and forgets it on sign-out', () => {
    const store = createStore<SessionSlice>()((set) => createSessionSlice(set));
    expect(store.getState().session).toBeNull();
    store.getState().setSession(session);
    expect(store.getState().session?.csrfToken).toBe('t0k');
    store.getState().clearSession();
    expect(store.getState().session).toBeNull();
  });
});
