/**
 * iCalendar (RFC 5545) text helpers shared by the booking invitations and the calendar feeds: text escaping,
 * parameter values, line folding and UTC DATE-TIMEs.
 */

/** Text escaped per RFC 5545 §3.3.11: backslash, semicolon, comma and newlines; other control characters dropped. */
export function escapeText(value: string): string {
  let out = '';
  for (const ch of value.replace(/\r\n?/g, '\n')) {
    if (ch === '\\' || ch === ';' || ch === ',') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch >= ' ' && ch !== '\u007f') out += ch;
  }
  return out;
}

/**
 * A parameter value (§3.2), with the double quotes and control characters it may not hold left out. Quoted always
 * by default; 'if-needed' quotes only a value holding `:`, `;` or `,` (some readers mishandle a quoted TZID).
 */
export function paramValue(value: string, quote: 'always' | 'if-needed' = 'always'): string {
  const safe = [...value].filter((ch) => ch >= ' ' && ch !== '"' && ch !== '\u007f').join('');
  return quote === 'always' || /[:;,]/.test(safe) ? `"${safe}"` : safe;
}

/**
 * A content line folded at 75 octets (§3.1): the continuation lines start with a space, which counts; a UTF-8
 * character is never split.
 */
export function foldLine(line: string): string {
  // Most lines fit: a UTF-16 unit is at most 3 octets, and the exact count is the next cheapest test.
  if (line.length <= 25 || (line.length <= 75 && Buffer.byteLength(line, 'utf8') <= 75)) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** 2026-12-02T15:00:00.000Z → 20261202T150000Z (a UTC DATE-TIME, §3.3.5 form #2). */
export function utcDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`not an instant: ${iso}`);
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
