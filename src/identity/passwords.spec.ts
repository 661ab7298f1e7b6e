import {
  decoyHash,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_PASSWORD_SCORE,
  passwordProblem,
  verifyPassword,
} from './passwords';

describe('passwords', () => {
  describe('hashPassword / verifyPassword', () => {
    it('verifies the password it hashed (logN 10)', async () => {
      const hash = await hashPassword('correct-horse-battery', 10);
      await expect(verifyPassword('correct-horse-battery', hash)).resolves.toBe(true);
    });

    it('refuses a wrong password, including one differing only in case or a trailing space', async () => {
      const hash = await hashPassword('correct-horse-battery', 10);
      await expect(verifyPassword('wrong-horse-battery', hash)).resolves.toBe(false);
      await expect(verifyPassword('Correct-horse-battery', hash)).resolves.toBe(false);
      await expect(verifyPassword('correct-horse-battery ', hash)).resolves.toBe(false);
      await expect(verifyPassword('', hash)).resolves.toBe(false);
    });

    it('stores the scheme and its parameters with the hash: scrypt$logN$r$p$salt$hash', async () => {
      const hash = await hashPassword('correct-horse-battery', 10);
      const [scheme, logN, r, p, salt, key] = hash.split('$');
      expect(hash.split('$')).toHaveLength(6);
      expect([scheme, logN, r, p]).toEqual(['scrypt', '10', '8', '1']);
      expect(Buffer.from(salt, 'base64')).toHaveLength(16);
      expect(Buffer.from(key, 'base64')).toHaveLength(32);
    });

    it('salts each hash: the same password hashes differently every time', async () => {
      const [a, b] = await Promise.all([hashPassword('same-password', 10), hashPassword('same-password', 10)]);
      expect(a).not.toBe(b);
      expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    });

    it('verifies with the parameters stored in the hash, so a later change of logN still verifies old hashes', async () => {
      const old = await hashPassword('correct-horse-battery', 11);
      expect(old.split('$')[1]).toBe('11');
      await expect(verifyPassword('correct-horse-battery', old)).resolves.toBe(true);
      // The stored parameters are part of the check: tampering with them does not verify.
      const tampered = old.split('$');
      tampered[1] = '10';
      await expect(verifyPassword('correct-horse-battery', tampered.join('$'))).resolves.toBe(false);
    });

    it('normalizes Unicode (NFKC), so composed and decomposed spellings are the same password', async () => {
      const hash = await hashPassword('caf\u00e9-password', 10);
      await expect(verifyPassword('cafe\u0301-password', hash)).resolves.toBe(true);
    });

    it('refuses a stored value of another scheme or a malformed one', async () => {
      await expect(verifyPassword('x', 'bcrypt$10$8$1$c2FsdA==$aGFzaA==')).resolves.toBe(false);
      await expect(verifyPassword('x', '')).resolves.toBe(false);
      await expect(verifyPassword('x', 'scrypt$10$8$1')).resolves.toBe(false);
    });
  });

  describe('decoyHash', () => {
    it('is one hash at the given cost that no guess matches', async () => {
      const decoy = await decoyHash(10);
      expect(decoy).toMatch(/^scrypt\$10\$8\$1\$/);
      await expect(decoyHash(10)).resolves.toBe(decoy);
      await expect(verifyPassword('', decoy)).resolves.toBe(false);
      await expect(verifyPassword('password', decoy)).resolves.toBe(false);
    });
  });

  describe('passwordProblem', () => {
    it('requires a password', () => {
      expect(passwordProblem(undefined)).toBe('Password is required');
      expect(passwordProblem(null)).toBe('Password is required');
      expect(passwordProblem('')).toBe('Password is required');
      expect(passwordProblem(12345678)).toBe('Password is required');
    });

    it('needs at least 8 characters', () => {
      expect(MIN_PASSWORD_LENGTH).toBe(8);
      expect(passwordProblem('Tr0ub4d')).toBe('Password must be at least 8 characters long');
      expect(passwordProblem('Tr0ub4dor&3')).toBeNull();
    });

    it('allows at most 128 characters', () => {
      expect(MAX_PASSWORD_LENGTH).toBe(128);
      const long = 'fresh gravel under a violet kite '.repeat(4);
      expect(passwordProblem(long.slice(0, 128))).toBeNull();
      expect(passwordProblem(long.slice(0, 129))).toBe('Password must be at most 128 characters long');
    });

    it('accepts spaces and any characters', () => {
      expect(passwordProblem('correct horse battery staple')).toBeNull();
      expect(passwordProblem('ünïcode çrew clöck ✓')).toBeNull();
    });

    it.each([
      'password',
      '12345678',
      'Password1',
      'P@ssw0rd',
      'qwertyuiop',
      'iloveyou123',
      'Summer2024!',
      'aaaaaaaaaaaa',
      '        ',
    ])('refuses the common or easily guessed %p with a message that says what to do', (password) => {
      expect(MIN_PASSWORD_SCORE).toBe(3);
      expect(passwordProblem(password)).toMatch(
        /\. Choose one that is harder to guess: a phrase of three or four unrelated words works well\.$/,
      );
    });

    it('names the reason when the password is a known one', () => {
      expect(passwordProblem('password')).toBe(
        'This is a heavily used password. Choose one that is harder to guess: a phrase of three or four unrelated words works well.',
      );
    });

    it("refuses a password made of the person's own name or e-mail", () => {
      expect(passwordProblem('Quintessa2026', [])).toBeNull();
      expect(passwordProblem('Quintessa2026', ['Quintessa', 'Varga', 'quintessa.varga@example.test'])).not.toBeNull();
    });

    it('weighs hostile 128-character input quickly (the l33t matcher is capped)', () => {
      const hostile = [
        '4@8(<{[6#!|1iI0+7%$5zZ2'.repeat(6).slice(0, 128),
        'aA1!'.repeat(32),
        '`1234567890-='.repeat(10).slice(0, 128),
      ];
      for (const password of hostile) {
        const started = process.hrtime.bigint();
        passwordProblem(password);
        expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(1000); // uncapped: up to several seconds
      }
    });
  });
});
