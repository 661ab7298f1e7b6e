// The shape of an e-mail address, shared by the server and the client: imports nothing (see docs/wire-contract.md).

/** The longest address taken (RFC 5321's path limit less the brackets). */
export const EMAIL_MAX = 254;

// After the @: one character, the rest up to the first dot, then at least one more. Each character has one
// reading, so no backtracking ([^\s@]+\.[^\s@]+ took time quadratic in the length on 'a@' and many dots).
const EMAIL = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/** Whether `value` (trimmed by the caller) looks like an e-mail address; its length is bounded before it is read. */
export const isEmailAddress = (value: string): boolean => value.length <= EMAIL_MAX && EMAIL.test(value);
