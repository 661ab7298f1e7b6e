import { given } from '../core/decider.testing';
import { ConflictError } from '../core/errors';
import { DUPLICATE_EMAIL, emailClaimDecider, emailDigest, organizationEmailDigest } from './email-claim.decider';
import { EmailClaimEvent, identityStreams } from './identity.events';

const claimed = (userId: string, email = 'ada@example.test'): EmailClaimEvent => ({
  type: 'EmailClaimed',
  data: { email, userId },
});
const released = (userId: string, email = 'ada@example.test'): EmailClaimEvent => ({
  type: 'EmailReleased',
  data: { email, userId },
});
const claim = (userId: string, email = 'ada@example.test') => ({ type: 'ClaimEmail' as const, email, userId });
const release = (userId: string, email = 'ada@example.test') => ({ type: 'ReleaseEmail' as const, email, userId });

describe('e-mail claim decider', () => {
  describe('ClaimEmail', () => {
    it('claims a free address for a user', () => {
      given(emailClaimDecider, [])
        .when(claim('user-1'))
        .then([claimed('user-1')]);
    });

    it('records the address normalized (trimmed, lower case)', () => {
      given(emailClaimDecider, [])
        .when(claim('user-1', '  Ada@Example.TEST '))
        .then([claimed('user-1')]);
    });

    it('does nothing when the same user claims it again (idempotent)', () => {
      given(emailClaimDecider, [claimed('user-1')])
        .when(claim('user-1'))
        .then([]);
    });

    it('refuses an address another user holds', () => {
      given(emailClaimDecider, [claimed('user-1')])
        .when(claim('user-2'))
        .thenThrows(ConflictError, /^A user with this email already exists\.$/);
      expect(DUPLICATE_EMAIL).toBe('A user with this email already exists.');
    });

    it('lets another user claim an address once it is released', () => {
      given(emailClaimDecider, [claimed('user-1'), released('user-1')])
        .when(claim('user-2'))
        .then([claimed('user-2')]);
    });
  });

  describe('ReleaseEmail', () => {
    it('releases the address its holder gives up', () => {
      given(emailClaimDecider, [claimed('user-1')])
        .when(release('user-1', 'ADA@example.test'))
        .then([released('user-1')]);
    });

    it('does nothing when someone else holds the address', () => {
      given(emailClaimDecider, [claimed('user-1')])
        .when(release('user-2'))
        .then([]);
    });

    it('does nothing when the address is free (idempotent)', () => {
      given(emailClaimDecider, []).when(release('user-1')).then([]);
      given(emailClaimDecider, [claimed('user-1'), released('user-1')])
        .when(release('user-1'))
        .then([]);
    });
  });

  describe('evolve', () => {
    it('remembers who holds the address', () => {
      expect(given(emailClaimDecider, []).state).toEqual({ claimedBy: null });
      expect(given(emailClaimDecider, [claimed('user-1')]).state).toEqual({ claimedBy: 'user-1' });
      expect(given(emailClaimDecider, [claimed('user-1'), released('user-1')]).state).toEqual({ claimedBy: null });
      expect(given(emailClaimDecider, [claimed('user-1'), released('user-1'), claimed('user-2')]).state).toEqual({
        claimedBy: 'user-2',
      });
    });
  });

  describe('emailDigest', () => {
    it('is the same for every spelling of one address, and names a stream without a second hyphen', () => {
      const digest = emailDigest('ada@example.test');
      expect(digest).toMatch(/^[0-9a-f]{64}$/);
      expect(emailDigest('  ADA@Example.Test ')).toBe(digest);
      expect(emailDigest('bob@example.test')).not.toBe(digest);
      expect(identityStreams.emailClaim(digest)).toBe(`userEmail-${digest}`);
      expect(identityStreams.emailClaim(digest).split('-')).toHaveLength(2);
    });
  });

  describe('organizationEmailDigest', () => {
    const acme = '0b0c9c2e-3f1a-4d5e-8a6b-7c8d9e0f1a2b';
    const birch = '1c1d0d3f-4a2b-4e6f-9b7c-8d9e0f1a2b3c';

    it('names one stream per organization and address, whatever the spelling, without a second hyphen', () => {
      const digest = organizationEmailDigest(acme, 'ada@example.test');
      expect(digest).toMatch(/^[0-9a-f]{64}$/);
      expect(organizationEmailDigest(acme, '  ADA@Example.Test ')).toBe(digest);
      expect(organizationEmailDigest(birch, 'ada@example.test')).not.toBe(digest);
      expect(organizationEmailDigest(acme, 'bob@example.test')).not.toBe(digest);
      // Not the stream of a claim made before addresses were per organization.
      expect(digest).not.toBe(emailDigest('ada@example.test'));
      expect(identityStreams.emailClaim(digest).split('-')).toHaveLength(2);
    });
  });
});
