import type { OnMyWayEta, OnMyWayStatus } from '../../../../src/shared/notices';
import { jobUrl, type Job } from '../scheduling/jobs';
import { timeLabel, todayIn } from '../scheduling/zonedTime';

/** The arrivals a crew member may announce (issue #31 item 4), in minutes: the server's own list. */
export { ON_MY_WAY_ETA_MINUTES, type OnMyWayEta } from '../../../../src/shared/notices';

/**
 * POST { etaMinutes }: the job's customer is e-mailed that the crew is on the way (once per job and day). GET: whether
 * that was done today, when and by whom (OnMyWayStatus).
 */
export const onMyWayUrl = (jobId: string) => `${jobUrl(jobId)}/on-my-way`;

/** A choice of the menu: 'In about 30 minutes', 'In about an hour'. */
export const etaLabel = (minutes: OnMyWayEta) => (minutes === 60 ? 'In about an hour' : `In about ${minutes} minutes`);

/**
 * "On my way" is offered on a job the signed-in person is on (lead or crew), with a customer to tell (not a deleted
 * one), that has not ended and is of today in the organization's zone (or already under way): not on a job of
 * another day, nor on an availability entry.
 */
export function canSayOnMyWay(
  job: Pick<Job, 'leadUserId' | 'userIds' | 'customer' | 'availabilityOnly' | 'startDateTime' | 'endDateTime'>,
  userId: string | undefined,
  now: number,
  zone: string,
): boolean {
  if (!userId || (job.leadUserId !== userId && !job.userIds.includes(userId))) return false;
  if (!job.customer || job.customer.deleted || job.availabilityOnly) return false;
  if (Date.parse(job.endDateTime) <= now) return false;
  const started = Date.parse(job.startDateTime) <= now;
  return started || todayIn(zone, new Date(job.startDateTime)) === todayIn(zone, new Date(now));
}

/**
 * What a job's details show once the customer was told today (issue #44), instead of offering it again: the button's
 * 'Sent at 4:10 PM' (the organization's zone) and a line saying who told whom, and the arrival chosen.
 */
export function sentLabels(
  sent: NonNullable<OnMyWayStatus['sent']>,
  customer: string,
  userId: string | undefined,
  zone: string,
): { button: string; note: string } {
  const arrival = `about ${sent.etaMinutes === 60 ? 'an hour' : `${sent.etaMinutes} minutes`}`;
  const who = sent.userId === userId ? 'You' : sent.fullName;
  return {
    button: `Sent at ${timeLabel(sent.at, zone)}`,
    note: `${who} told ${customer} ${who === 'You' ? 'you are' : 'the crew is'} on the way (${arrival}).`,
  };
}
