import { eventLog, projection } from '../../src/core/projection.testing';
import { customersStreams, type MailOptOutEvent } from '../../src/customers/customers.events';
import { isUnsubscribed, MAIL_OPT_OUTS, mailOptOutOf } from '../../src/customers/mail-opt-out';
import { mailOptOutsProjection } from './mail-opt-outs.projection';

const ORG = 'org-1';
const ADDRESS = 'rae@example.test';
const STREAM = customersStreams.mailOptOut(ORG, ADDRESS);

describe('mail opt-outs projection', () => {
  const spec = projection(mailOptOutsProjection);
  let log: ReturnType<typeof eventLog>;
  beforeEach(() => (log = eventLog({ organizationId: ORG, actorUserId: null })));
  const change = (type: MailOptOutEvent['type'], customerId = 'c1') =>
    log.event(STREAM, { type, data: { organizationId: ORG, customerId, address: ADDRESS } } satisfies MailOptOutEvent);

  it('keeps an unsubscribed address, found by its organization and address in any case', async () => {
    await spec.given(change('CustomerUnsubscribed')).then({
      [MAIL_OPT_OUTS]: [
        { _id: STREAM, organizationId: ORG, address: ADDRESS, customerId: 'c1', unsubscribedAt: log.at(1) },
      ],
    });
    await spec
      .given(change('CustomerUnsubscribed'))
      .thenReads((store) => isUnsubscribed(store, ORG, 'Rae@Example.test'), true);
    await spec.given(change('CustomerUnsubscribed')).thenReads((store) => mailOptOutOf(store, 'org-2', ADDRESS), null);
  });

  it('forgets it when the address subscribes again, and keeps the latest of a second unsubscribe', async () => {
    await spec.given(change('CustomerUnsubscribed'), change('CustomerResubscribed')).thenNothing();
    const again = change('CustomerUnsubscribed', 'c2');
    await spec.given(change('CustomerUnsubscribed'), change('CustomerResubscribed'), again).then({
      [MAIL_OPT_OUTS]: [
        {
          _id: STREAM,
          organizationId: ORG,
          address: ADDRESS,
          customerId: 'c2',
          unsubscribedAt: again.metadata.timestamp,
        },
      ],
    });
  });

  it('ignores the events of other streams', async () => {
    await spec
      .given(log.event('customer-c1', { type: 'CustomerDeleted', data: { customerId: 'c1', organizationId: ORG } }))
      .thenNothing();
  });
});
