/**
 * The longest mileage text read: an odometer reading as typed ('1,000,000.5' with spaces around) is far shorter.
 * Anything longer is refused before its characters are looked at, so a huge value costs nothing.
 */
export const MILEAGE_MAX_LENGTH = 20;

/**
 * Mileage as people type it: digits with thousands commas, at most one decimal point and digits after it,
 * spaces around ('1,204.5', ' 1204 ', '.5'). NaN for anything else, for the decider to name the field.
 * One pass over at most MILEAGE_MAX_LENGTH characters: no regular expression, so no backtracking.
 */
export function parseMileageText(text: string): number {
  if (text.length > MILEAGE_MAX_LENGTH) return Number.NaN;
  let number = '';
  let afterPoint = false;
  let endsWithDigit = false;
  for (const char of text.trim()) {
    if (char >= '0' && char <= '9') {
      number += char;
      endsWithDigit = true;
    } else if (char === ',' && !afterPoint) {
      endsWithDigit = false;
    } else if (char === '.' && !afterPoint) {
      number += char;
      afterPoint = true;
      endsWithDigit = false;
    } else {
      return Number.NaN;
    }
  }
  // Ending with a digit also means a point has digits after it, and that something was typed at all.
  return endsWithDigit ? Number(number) : Number.NaN;
}
