import { TooManyRequestsError } from '../core/errors';
import { ACCOUNT_ATTEMPTS, ADDRESS_ATTEMPTS, LoginThrottle } from './login-throttle';

describe('sign-in throttling', () => {
  it(`lets at most ${ACCOUNT_ATTEMPTS} attempts per account through, however many arrive at once`, async () => {
    const throttle = new LoginThrottle(null);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) => throttle.attempt('ada@example.test', `10.0.0.${i}`)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(ACCOUNT_ATTEMPTS);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(25 - ACCOUNT_ATTEMPTS);
    for (const { reason } of refused)
      expect(reason).toEqual(
        new TooManyRequestsError('Too many failed sign-in attempts. Try again in 15 minutes.', 900),
      );
  });

  it('counts an account whatever the case of its address', async () => {
    const throttle = new LoginThrottle(null);
    for (let i = 0; i < ACCOUNT_ATTEMPTS; i++)
      await throttle.attempt(i % 2 ? 'ADA@example.test' : 'ada@example.test', '10.0.0.1');
    await expect(throttle.attempt('Ada@Example.test', '10.9.9.9')).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('a success gives back its own attempt only: failures made alongside it still count', async () => {
    const throttle = new LoginThrottle(null);
    const attempts = await Promise.all(
      Array.from({ length: ACCOUNT_ATTEMPTS }, () => throttle.attempt('ada@example.test', '10.0.0.1')),
    );
    await throttle.succeeded(attempts[0]); // one right password among five
    await throttle.attempt('ada@example.test', '10.0.0.1'); // its place is free again
    await expect(throttle.attempt('ada@example.test', '10.0.0.1')).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('people who sign in successfully are never locked out', async () => {
    const throttle = new LoginThrottle(null);
    for (let i = 0; i < ACCOUNT_ATTEMPTS * 3; i++)
      await throttle.succeeded(await throttle.attempt('ada@example.test', '10.0.0.1'));
    await expect(throttle.attempt('ada@example.test', '10.0.0.1')).resolves.toEqual({
      account: 'ada@example.test',
      address: '10.0.0.1',
    });
  });

  it(`blocks an address after ${ADDRESS_ATTEMPTS} attempts across accounts, and a locked account does not charge it`, async () => {
    const throttle = new LoginThrottle(null);
    for (let i = 0; i < ACCOUNT_ATTEMPTS; i++) await throttle.attempt('locked@example.test', '198.51.100.1');
    for (let i = 0; i < 10; i++)
      await expect(throttle.attempt('locked@example.test', '203.0.113.7')).rejects.toBeInstanceOf(TooManyRequestsError);
    for (let i = 0; i < ADDRESS_ATTEMPTS; i++) await throttle.attempt(`user${i}@example.test`, '203.0.113.7');
    await expect(throttle.attempt('someone-else@example.test', '203.0.113.7')).rejects.toBeInstanceOf(
      TooManyRequestsError,
    );
    await expect(throttle.attempt('someone-else@example.test', '203.0.113.8')).resolves.toBeDefined();
  });
});
