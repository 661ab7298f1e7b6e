import type { Job } from './jobs';

/** A job as the API shows it, for specs. */
export const sampleJob = (over: Partial<Job> = {}): Job => ({
  id: 'j1',
  name: 'Office cleaning',
  notes: null,
  number: null,
  type: null,
  startDateTime: '2026-06-01T12:00:00Z',
  endDateTime: '2026-06-01T14:00:00Z',
  userIds: ['u1'],
  users: [{ id: 'u1', fullName: 'Alex Kim', colorCode: '#1C7ED6' }],
  leadUserId: 'u1',
  leadUser: { id: 'u1', fullName: 'Alex Kim', colorCode: '#1C7ED6' },
  customerId: 'c1',
  customer: { id: 'c1', name: 'Maple Street Dental', address1: '120 Maple Street', address2: null, city: 'Springfield', state: 'NJ', postalCode: '07081', country: 'USA' },
  colorOption: null,
  color: '#1C7ED6',
  hideFromScheduleView: false,
  requestStatus: null,
  trackedTimes: [],
  availabilityOnly: false,
  isOpen: false,
  jobRecurrenceModel: null,
  ...over,
});
