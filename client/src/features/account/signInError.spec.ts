import { describe, expect, it } from 'vitest';
import { SIGN_IN_ERRORS, signInErrorMessage } from '../../../../src/shared/sign-in';

describe('signInErrorMessage (issue #24 item 10: ?error= on the sign-in page)', () => {
  it('shows the sentence of a code the server sends', () => {
    expect(signInErrorMessage('credentials')).toBe('The email or password is incorrect.');
    for (const [code, sentence] of Object.entries(SIGN_IN_ERRORS)) expect(signInErrorMessage(code)).toBe(sentence);
  });

  it('shows nothing for any other text, however it is worded', () => {
    for (const text of [
      'Your account was suspended. Call +1 555 0100 to restore it.',
      'The email or password is incorrect.',
      'toString',
      '__proto__',
      '',
      null,
      undefined,
    ])
      expect(signInErrorMessage(text)).toBeNull();
  });
});
