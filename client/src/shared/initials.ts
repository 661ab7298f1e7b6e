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

/** Black or white text, whichever reads better on a background colour (#rrggbb). */
export function readableTextOn(hex: string): '#000' | '#fff' {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return '#fff';
  const n = Number.parseInt(match[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4 ? '#000' : '#fff';
}
