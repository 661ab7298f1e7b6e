import { escapeText, foldLine, paramValue, utcDateTime } from './ics';

describe('the iCalendar text helpers', () => {
  it('escape text per §3.3.11: backslash, semicolon, comma and newlines; other control characters dropped', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('tab\there\u0000')).toBe('tabhere');
  });

  it('write a parameter value without double quotes or control characters, quoted always or only when needed', () => {
    expect(paramValue('Say "hi": Co;')).toBe('"Say hi: Co;"');
    expect(paramValue('Acme Cleaning')).toBe('"Acme Cleaning"');
    expect(paramValue('America/New_York', 'if-needed')).toBe('America/New_York');
    expect(paramValue('Etc/GMT+5', 'if-needed')).toBe('Etc/GMT+5');
    expect(paramValue('a:b', 'if-needed')).toBe('"a:b"');
    expect(paramValue('a,b\u0001', 'if-needed')).toBe('"a,b"');
  });

  it('fold lines longer than 75 octets without splitting a UTF-8 character', () => {
    const long = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(long);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
    // Exactly 75 octets stays one line.
    expect(foldLine(`X:${'a'.repeat(73)}`)).not.toContain('\r\n');
    expect(foldLine(`X:${'a'.repeat(74)}`).split('\r\n')).toHaveLength(2);
  });

  it('write instants as UTC DATE-TIME and refuse what is no instant', () => {
    expect(utcDateTime('2026-03-08T07:30:00.000Z')).toBe('20260308T073000Z');
    expect(utcDateTime('2026-03-08T02:30:00-05:00')).toBe('20260308T073000Z');
    expect(() => utcDateTime('soon')).toThrow();
  });
});
