import { randomBytes, scrypt as scryptCallback, timingSafeEqual, ScryptOptions } from 'node:crypto';

/**
 * scrypt at OWASP's parameters (N=2^17, r=8, p=1). The parameters are stored with each hash, so a
 * later increase still verifies old hashes. Format: scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>.
 */
const KEY_LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

function scrypt(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, logN, 8, 1);
  return ['scrypt', logN, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password: used to spend the same time when the e-mail is unknown. */
let decoy: Promise<string> | null = null;
export function decoyHash(logN: number): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'), logN);
  return decoy;
}

/** Returns the first problem with a new password, or null. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length === 0) return 'Password is required';
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  return null;
}
