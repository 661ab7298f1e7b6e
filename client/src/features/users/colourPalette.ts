import {
  AVAILABLE_COLOR,
  AVAILABILITY_COLOR,
  AVAILABILITY_SHADE_COLOR,
  DEFAULT_USER_COLOR,
  INTERNAL_COLOR,
  MILEAGE_SUBMITTED_COLOR,
  TIME_SUBMITTED_COLOR,
} from '../../../../src/shared/job-colours';

export interface Swatch {
  name: string;
  hex: string;
}

/**
 * The colours New User and Edit User offer in one click: twelve hues a glance tells apart (at least
 * 20 ΔE from each other), none of them a colour the legends already give a meaning to.
 */
export const SWATCHES: readonly Swatch[] = [
  { name: 'Blue', hex: '#4263EB' },
  { name: 'Cyan', hex: '#1098AD' },
  { name: 'Green', hex: '#2F9E44' },
  { name: 'Lime', hex: '#74B816' },
  { name: 'Yellow', hex: '#FCC419' },
  { name: 'Orange', hex: '#F76707' },
  { name: 'Brown', hex: '#8C5E3C' },
  { name: 'Purple', hex: '#AE3EC9' },
  { name: 'Violet', hex: '#7048E8' },
  { name: 'Pink', hex: '#F783AC' },
  { name: 'Slate', hex: '#495057' },
  { name: 'Steel blue', hex: '#A6BDD7' },
];

/** Colours with a fixed meaning on the calendars: Internal, Available for Requests, the legend's marks, availability. */
export const LEGEND_COLOURS: readonly string[] = [
  INTERNAL_COLOR,
  AVAILABLE_COLOR,
  TIME_SUBMITTED_COLOR,
  MILEAGE_SUBMITTED_COLOR,
  AVAILABILITY_COLOR,
  AVAILABILITY_SHADE_COLOR,
];

const normal = (hex: string | null | undefined) => (hex ?? '').trim().toUpperCase();

/** Still on the spec's default colour (or none): their jobs look like Available for Requests. */
export const isDefaultColour = (hex: string | null | undefined) => {
  const code = normal(hex);
  return code === '' || code === DEFAULT_USER_COLOR;
};

/** #rrggbb → CIE L*a*b* (D65), for telling how far apart two colours look. */
function lab(hex: string): [number, number, number] {
  const n = Number.parseInt(normal(hex).slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047);
  const y = f(r * 0.2126 + g * 0.7152 + b * 0.0722);
  const z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** CIE76 ΔE: about 2 is barely visible, above 20 two colours read as different at a glance. */
export function colourDistance(a: string, b: string): number {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

export interface ColourOwner {
  id: string;
  fullName: string;
  colorCode: string | null;
  active: boolean;
}

/**
 * Who already has each colour (upper-case #RRGGBB → their names): the other active users, not the
 * one being edited; the default colour is nobody's choice, so it is not counted as taken.
 */
export function takenColours(users: readonly ColourOwner[], editingId: string | null): Map<string, string[]> {
  const taken = new Map<string, string[]>();
  for (const user of users) {
    if (!user.active || user.id === editingId || isDefaultColour(user.colorCode)) continue;
    const code = normal(user.colorCode);
    taken.set(code, [...(taken.get(code) ?? []), user.fullName]);
  }
  return taken;
}

/** 'Used by Maria Lopez', 'Used by Maria Lopez and Jamal Reed', 'Used by Maria Lopez and 2 others'. */
export function usedByLabel(names: readonly string[]): string {
  if (names.length <= 2) return `Used by ${names.join(' and ')}`;
  return `Used by ${names[0]} and ${names.length - 1} others`;
}

/** The swatch a colour is (case-insensitive), if any. */
export const swatchOf = (hex: string) => SWATCHES.find((s) => s.hex === normal(hex));

/** What the Users table and the schedule's legend say of someone still on the default colour. */
export const DEFAULT_COLOUR_HINT = "Pick a colour so this person's jobs stand out";

/** The words that point someone out (a dark orange: 7:1 on white, 6.5:1 on orange's lightest tint). */
export const FLAG_TEXT_COLOR = '#9A3412';

/** Below this ΔE two colours look the same on the board: a swatch that close to someone's is theirs too. */
export const SAME_LOOK_DISTANCE = 10;

/** Who has this colour, or one that looks the same (a custom colour a shade off a swatch). */
export function ownersOf(hex: string, taken: ReadonlyMap<string, string[]>): string[] {
  const names: string[] = [];
  for (const [code, owners] of taken) if (colourDistance(code, hex) < SAME_LOOK_DISTANCE) names.push(...owners);
  return names;
}

/**
 * The colour a new person starts on (issue #44): the first swatch nobody active has (nor one that looks the same),
 * else the least used, so their jobs stand out from the start rather than on the navy of Available for Requests.
 * Only swatches, so never a legend's colour.
 */
export function firstFreeColour(taken: ReadonlyMap<string, string[]>): string {
  let least = SWATCHES[0];
  let leastOwners = Infinity;
  for (const swatch of SWATCHES) {
    const owners = ownersOf(swatch.hex, taken).length;
    if (owners === 0) return swatch.hex;
    if (owners < leastOwners) [least, leastOwners] = [swatch, owners];
  }
  return least.hex;
}
