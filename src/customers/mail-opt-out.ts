import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../core/clock';
import type { Decider } from '../core/decider';
import type { LetterFooter } from '../core/mail/letter';
import type { ReadStore } from '../core/read-store/read-store.port';
import { customersStreams, type MailOptOutEvent } from './customers.events';

/**
 * A customer's "no more of these" (issue #31 item 5): visit reminders and feedback requests, the e-mails a customer
 * did not ask for, end with an unsubscribe link and carry RFC 8058's one-click headers. What they asked for or must
 * know (a booking's confirmation and changes, "On my way", a reminded visit's cancellation) is still sent.
 */

export const UNSUBSCRIBED_CONTACT =
  "The customer's contact unsubscribed from visit reminders and feedback requests: no request was sent.";

export type MailOptOutCommand =
  | { type: 'Unsubscribe'; organizationId: string; customerId: string; address: string }
  | { type: 'Resubscribe'; organizationId: string; customerId: string; address: string };

export const mailOptOutDecider: Decider<MailOptOutCommand, { unsubscribed: boolean }, MailOptOutEvent> = {
  initialState: { unsubscribed: false },
  evolve: (_state, event) => ({ unsubscribed: event.type === 'CustomerUnsubscribed' }),
  decide(command, state) {
    const { organizationId, customerId, address } = command;
    const data = { organizationId, customerId, address };
    // Asked twice (a second click, a mail provider's POST and the person's): one fact.
    if (command.type === 'Unsubscribe') return state.unsubscribed ? [] : [{ type: 'CustomerUnsubscribed', data }];
    return state.unsubscribed ? [{ type: 'CustomerResubscribed', data }] : [];
  },
};

/** The link's key: the customer and a MAC of the organization, the customer and the address it was sent to. */
const mac = (secret: string, organizationId: string, customerId: string, address: string) =>
  createHmac('sha256', secret)
    .update(`unsubscribe\n${organizationId}\n${customerId}\n${address.toLowerCase()}`)
    .digest('base64url')
    .slice(0, 32);

export const unsubscribeToken = (secret: string, organizationId: string, customerId: string, address: string) =>
  `${customerId}.${mac(secret, organizationId, customerId, address)}`;

/** The customer id a token names, when it has the token's shape (a 36-character id, a dot, 32 characters). */
export function tokenCustomerId(token: unknown): string | null {
  if (typeof token !== 'string' || token.length !== 69 || token[36] !== '.') return null;
  const customerId = token.slice(0, 36);
  return isUuid(customerId) ? customerId : null;
}

/** Whether the token is the one made for that organization, customer and address (in constant time). */
export function tokenMatches(
  token: string,
  secret: string,
  organizationId: string,
  customerId: string,
  address: string,
): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, organizationId, customerId, address));
  const actual = Buffer.from(token);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The footer of a customer's e-mail they may stop: the page (a person's click, which asks before it does anything:
 * mail scanners open links) and, for the one-click headers, the API address a mail provider POSTs to.
 */
export function unsubscribeFooter(
  config: { publicUrl: string; sessionSecret: string },
  organization: { _id: string; name: string },
  customerId: string,
  address: string,
): LetterFooter {
  const token = unsubscribeToken(config.sessionSecret, organization._id, customerId, address);
  return {
    note: `You get this e-mail as a customer of ${organization.name}. No more visit reminders or feedback requests?`,
    label: 'Unsubscribe',
    link: `${config.publicUrl}/unsubscribe/${token}`,
    oneClickUrl: `${config.publicUrl}/api/unsubscribe/${token}`,
  };
}

/** Addresses that unsubscribed, one document per organization and address (`_id`: the stream's id). */
export const MAIL_OPT_OUTS = 'mailOptOuts';

export interface MailOptOutDoc {
  _id: string;
  organizationId: string;
  address: string;
  customerId: string;
  unsubscribedAt: string;
}

export async function mailOptOutOf(
  store: ReadStore,
  organizationId: string,
  address: string,
): Promise<MailOptOutDoc | null> {
  return store
    .collection<MailOptOutDoc>(MAIL_OPT_OUTS)
    .findOne({ _id: customersStreams.mailOptOut(organizationId, address), organizationId });
}

export const isUnsubscribed = async (store: ReadStore, organizationId: string, address: string) =>
  !!(await mailOptOutOf(store, organizationId, address));
