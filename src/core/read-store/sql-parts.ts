/**
 * The parts a read store's filter compiler builds a WHERE clause from, and how they combine: the same for SQLite and
 * PostgreSQL (both read `TRUE` and `IS NOT TRUE`).
 */

/** Part of a WHERE clause with `?` marks. `exact`: matches precisely what MongoDB would; otherwise a superset. */
export interface Sql {
  sql: string;
  params: unknown[];
  exact: boolean;
}

const ALWAYS = 'TRUE';
/** Every row, a superset: mingo decides (what SQL cannot say). */
export const ANY: Sql = { sql: ALWAYS, params: [], exact: false };
/** Every row, exactly (a condition that asks for nothing, `$exists` on `_id`). */
export const EVERYTHING: Sql = { sql: ALWAYS, params: [], exact: true };

export function exact(sql: string, ...params: unknown[]): Sql {
  return { sql, params, exact: true };
}

/** Whether the part holds for every row (ANY or EVERYTHING). */
export const always = (part: Sql) => part.sql === ALWAYS;

export function and(parts: Sql[]): Sql {
  const used = parts.filter((p) => !always(p));
  const isExact = parts.every((p) => p.exact);
  if (!used.length) return isExact ? EVERYTHING : ANY;
  return {
    sql: used.length === 1 ? used[0].sql : used.map((p) => `(${p.sql})`).join(' AND '),
    params: used.flatMap((p) => p.params),
    exact: isExact,
  };
}

export function or(parts: Sql[]): Sql {
  const isExact = parts.every((p) => p.exact);
  if (parts.some(always)) return isExact ? EVERYTHING : ANY;
  return {
    sql: parts.length === 1 ? parts[0].sql : parts.map((p) => `(${p.sql})`).join(' OR '),
    params: parts.flatMap((p) => p.params),
    exact: isExact,
  };
}

/** A negation is only sound over an exact part (the complement of a superset is a subset). */
export function not(part: Sql): Sql {
  return part.exact ? { sql: `(${part.sql}) IS NOT TRUE`, params: part.params, exact: true } : ANY;
}
