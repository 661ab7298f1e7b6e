import { eventLog, projection } from '../../src/core/projection.testing';
import type { VisitReminderEvent } from '../../src/notices/notices.events';
import { remindedVisitsAhead, VISIT_REMINDERS } from '../../src/notices/notices.read-models';
import { visitRemindersProjection } from './visit-reminders.projection';

const ORG = 'org-1';
const JOB = 'job-a';
const START = '2030-01-08T15:00:00Z';

describe('visit reminders projection', () => {
  const spec = projection(visitRemindersProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: null })));
  const reminded = (start: string, to: string | null = 'rae@example.test') =>
    log.event(`visitReminder-${JOB}-${start}`, {
      type: 'VisitReminderSent',
      data: { jobId: JOB, organizationId: ORG, customerId: 'c1', start, remindAt: start, to },
    } satisfies VisitReminderEvent);

  it('keeps a reminded visit at the start its last reminder named; one told of its cancellation is left out', async () => {
    const later = '2030-01-09T15:00:00Z';
    await spec.given(reminded(START), reminded(later)).then({
      [VISIT_REMINDERS]: [
        {
          _id: JOB,
          organizationId: ORG,
          customerId: 'c1',
          start: later,
          remindedAt: log.at(2),
          cancellationSentAt: null,
        },
      ],
    });
    await spec
      .given(
        reminded(START),
        log.event(`visitCancelled-${JOB}`, {
          type: 'VisitCancellationSent',
          data: { jobId: JOB, organizationId: ORG, customerId: 'c1', start: START, to: 'rae@example.test' },
        } satisfies VisitReminderEvent),
      )
      .thenReads((store) => remindedVisitsAhead(store, ORG, '2030-01-01T00:00:00Z'), []);
    await spec
      .given(reminded(START))
      .thenReads(async (store) => (await remindedVisitsAhead(store, ORG, '2030-01-08T15:00:00Z')).length, 0);
  });

  it('keeps nothing for a reminder nobody could be sent', async () => {
    await spec.given(reminded(START, null)).thenNothing();
  });
});
