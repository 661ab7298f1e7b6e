/**
 * One scale for every deadline a test waits under (issue #27). A test waits for the event it expects, so a
 * deadline only says how long a failure takes to be reported: every deadline is generous, and
 * TEST_TIME_SCALE (default 1) multiplies them all on a machine busier still. A figure of speed is a
 * benchmark's (bench/), never a test's. jest.config.js scales its test timeout by the same variable.
 */
export const TIME_SCALE = scaleFrom(process.env.TEST_TIME_SCALE);

/** `ms` under the suite's time scale: use it for every deadline (a test's timeout, a wait for a push or a page). */
export function within(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}

function scaleFrom(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale < 1)
    throw new Error(`TEST_TIME_SCALE must be a number of at least 1, not '${raw}'`);
  return scale;
}
