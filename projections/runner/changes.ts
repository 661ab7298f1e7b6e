/** A change event's fields (each written old → new, `Change<T>`) as the values they were changed to: a `$set`. */
export const newValues = (changes: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, (c as { to: unknown }).to]));
