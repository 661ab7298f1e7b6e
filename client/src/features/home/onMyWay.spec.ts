import { describe, expect, it } from 'vitest';
import { sampleJob } from '../scheduling/jobs.fixture';
import { canSayOnMyWay, etaLabel, ON_MY_WAY_ETA_MINUTES, onMyWayUrl, sentLabels } from './onMyWay';

const ZONE = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
// 12:00-14:00 UTC on 1 June 2026 (08:00-10:00 in New York), led by 'lead' with u1 on the crew, for Maple Street Dental.
const job = sampleJob({ leadUserId: 'lead', userIds: ['u1'] });

describe('On my way', () => {
  it('is offered to the lead and the crew of a job of today with a customer, not to others', () => {
    const morning = at('2026-06-01T11:00:00Z'); // 07:00 in New York
    expect(canSayOnMyWay(job, 'lead', morning, ZONE)).toBe(true);
    expect(canSayOnMyWay(job, 'u1', morning, ZONE)).toBe(true);
    expect(canSayOnMyWay(job, 'someone else', morning, ZONE)).toBe(false);
    expect(canSayOnMyWay(job, undefined, morning, ZONE)).toBe(false);
  });

  it('needs a customer that is not deleted, and a job rather than an availability entry', () => {
    const morning = at('2026-06-01T11:00:00Z');
    expect(canSayOnMyWay({ ...job, customer: null }, 'u1', morning, ZONE)).toBe(false);
    expect(canSayOnMyWay({ ...job, customer: { ...job.customer!, deleted: true } }, 'u1', morning, ZONE)).toBe(false);
    expect(canSayOnMyWay({ ...job, availabilityOnly: true }, 'u1', morning, ZONE)).toBe(false);
  });

  it("is for today's jobs in the organization's zone, until they end", () => {
    // 00:30 in New York on 1 June (04:30 UTC): the job is of today there.
    expect(canSayOnMyWay(job, 'u1', at('2026-06-01T04:30:00Z'), ZONE)).toBe(true);
    // 23:30 in New York on 31 May (03:30 UTC on 1 June): the job is tomorrow there.
    expect(canSayOnMyWay(job, 'u1', at('2026-06-01T03:30:00Z'), ZONE)).toBe(false);
    expect(canSayOnMyWay(job, 'u1', at('2026-06-01T13:00:00Z'), ZONE)).toBe(true); // under way
    expect(canSayOnMyWay(job, 'u1', at('2026-06-01T14:00:00Z'), ZONE)).toBe(false); // ended
    // Under way since yesterday evening (over midnight): still offered.
    const overnight = { ...job, startDateTime: '2026-06-01T01:00:00Z', endDateTime: '2026-06-01T06:00:00Z' };
    expect(canSayOnMyWay(overnight, 'u1', at('2026-06-01T05:00:00Z'), ZONE)).toBe(true);
  });

  it('offers 15, 30, 45 and 60 minutes, in words, and posts to the job or occurrence', () => {
    expect(ON_MY_WAY_ETA_MINUTES.map(etaLabel)).toEqual([
      'In about 15 minutes',
      'In about 30 minutes',
      'In about 45 minutes',
      'In about an hour',
    ]);
    expect(onMyWayUrl('s1_20260601')).toBe('/api/jobs/s1_20260601/on-my-way');
  });

  it("says when it was sent, in the organization's zone, and who told the customer", () => {
    const sent = { at: '2026-06-01T20:10:00Z', etaMinutes: 30, userId: 'u1', fullName: 'Alex Kim' };
    expect(sentLabels(sent, 'Maple Street Dental', 'u1', ZONE)).toEqual({
      button: 'Sent at 4:10 PM',
      note: 'You told Maple Street Dental you are on the way (about 30 minutes).',
    });
    expect(sentLabels({ ...sent, etaMinutes: 60 }, 'Maple Street Dental', 'lead', ZONE)).toEqual({
      button: 'Sent at 4:10 PM',
      note: 'Alex Kim told Maple Street Dental the crew is on the way (about an hour).',
    });
  });
});
