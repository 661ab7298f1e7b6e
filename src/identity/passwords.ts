import { randomBytes, scrypt as scryptCallback, timingSafeEqual, ScryptOptions } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

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
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
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

/**
 * Guessability (OWASP ASVS 6.2.4, 6.2.11): zxcvbn-ts against its lists of common passwords, words and
 * names, and the person's own name and e-mail. Its l33t matcher costs seconds on hostile input unless
 * its substitutions are capped, and its cost grows with the length, so only the first 64 characters
 * are weighed (a longer password is judged by its start): at most ~0.1 s, well below the hashing that follows.
 */
export const MIN_PASSWORD_SCORE = 3;
const WEIGHED_LENGTH = 64;
let strength: ZxcvbnFactory | null = null;
function estimator(): ZxcvbnFactory {
  strength ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    l33tMaxSubstitutions: 4,
  });
  return strength;
}

/** Returns the first problem with a new password, or null. `personal`: the person's names and e-mail, which make a weak password. */
export function passwordProblem(password: unknown, personal: (string | null | undefined)[] = []): string | null {
  if (typeof password !== 'string' || password.length === 0) return 'Password is required';
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  const words = personal.flatMap((text) => (text ? [text.slice(0, 254), ...text.slice(0, 254).split('@')] : []));
  const { score, feedback } = estimator().check(password.slice(0, WEIGHED_LENGTH), words);
  if (score >= MIN_PASSWORD_SCORE) return null;
  return `${feedback.warning ?? 'This password is easy to guess.'} Choose one that is harder to guess: a phrase of three or four unrelated words works well.`;
}
