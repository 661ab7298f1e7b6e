import { TooManyRequestsError } from '../core/errors';
import { ACCOUNT_FAILURES, ADDRESS_FAILURES, LoginThrottle } from './login-throttle';

describe('sign-in throttling', () => {
  it(`locks an account after ${ACCOUNT_FAILURES} failures from anywhere, and a success clears the count`, async () => {
    const throttle = new LoginThrottle(null);
    for (let i = 0; i < ACCOUNT_FAILURES - 1; i++) await throttle.failed('ada@example.test', `10.0.0.${i}`);
    await expect(throttle.check('ADA@example.test', '10.9.9.9')).resolves.toBeUndefined();
    await throttle.succeeded('ada@example.test');
    for (let i = 0; i < ACCOUNT_FAILURES; i++) await throttle.failed('ada@example.test', `10.0.0.${i}`);
    await expect(throttle.check('ada@example.test', '10.9.9.9')).rejects.toThrow(new TooManyRequestsError('Too many failed sign-in attempts. Try again in 15 minutes.', 900));
  });

  it(`blocks an address after ${ADDRESS_FAILURES} failures across accounts`, async () => {
    const throttle = new LoginThrottle(null);
    for (let i = 0; i < ADDRESS_FAILURES; i++) await throttle.failed(`user${i}@example.test`, '203.0.113.7');
    await expect(throttle.check('someone-else@example.test', '203.0.113.7')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(throttle.check('someone-else@example.test', '203.0.113.8')).resolves.toBeUndefined();
  });
});
