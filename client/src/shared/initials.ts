/** Up to two initials for an avatar: "Jane Doe" → "JD", "Prince" → "P". */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const first = (firstName ?? '').trim();
  const last = (lastName ?? '').trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  const single = first || last;
  if (!single) return '?';
  const words = single.split(/\s+/);
  return (words.length > 1 ? `${words[0][0]}${words[words.length - 1][0]}` : single[0]).toUpperCase();
}

/**
 * Black or white text, whichever has the higher WCAG contrast on a background colour (#rrggbb): at
 * least 4.58:1 on any colour, so a staff colour never makes a job's name hard to read.
 */
export function readableTextOn(hex: string): '#000' | '#fff' {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return '#fff';
  const n = Number.parseInt(match[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000' : '#fff';
}
