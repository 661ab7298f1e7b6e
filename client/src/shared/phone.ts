import { formatMask } from '@mantine/hooks';

/** Phone mask of spec §9: (###) ###-#### ('9' is Mantine's digit token). */
export const PHONE_MASK = '(999) 999-9999';
const PHONE_DIGITS = 10;

/**
 * Formats whatever was typed or pasted as the user goes: digits only, at most ten, with the
 * mask's punctuation, and no dangling punctuation at the end (so Backspace always removes a digit).
 */
export function formatPhone(input: string | null | undefined): string {
  const digits = (input ?? '').replace(/\D/g, '').slice(0, PHONE_DIGITS);
  if (!digits) return '';
  return upToLastDigit(formatMask(digits, { mask: PHONE_MASK }));
}

/** The text up to its last digit, by one backward scan (a pattern anchored at the end would retry from every position). */
function upToLastDigit(text: string): string {
  let end = text.length;
  while (end > 0 && !(text[end - 1] >= '0' && text[end - 1] <= '9')) end--;
  return text.slice(0, end);
}

export const phoneDigits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** Empty is fine (phone is optional); otherwise all ten digits. */
export function phoneProblem(value: string | null | undefined): string | null {
  const count = phoneDigits(value).length;
  return count === 0 || count === PHONE_DIGITS ? null : 'Enter a 10-digit phone number';
}
