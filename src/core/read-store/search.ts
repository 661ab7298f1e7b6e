const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A table search: every word (at most five) must appear, ignoring case, in one of `fields`.
 * `more(word)` may add other ways a word matches. Null when the search is empty.
 */
export function everyWordIn(
  search: string | undefined,
  fields: string[],
  more: (word: string) => Record<string, unknown>[] = () => [],
): Record<string, unknown>[] | null {
  const words = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (!words.length) return null;
  return words.map((w) => {
    const $regex = escapeRegex(w);
    return { $or: [...fields.map((f) => ({ [f]: { $regex, $options: 'i' } })), ...more(w)] };
  });
}
