import type { FerretDbHandle } from './ferretdb';
import { goAvailable, startFerretDb } from './ferretdb';

declare global {
  var __FERRETDB__: FerretDbHandle | undefined;
}

/**
 * Starts the shared engines once per jest run. FerretDB's URL goes into process.env, which the test
 * workers inherit. Unit-only runs skip it; so does a run given FERRETDB_URL from outside.
 */
export default async function globalSetup(): Promise<void> {
  if (onlyUnitProjectSelected()) return;
  if (process.env.FERRETDB_URL || !goAvailable()) return;

  const started = Date.now();
  try {
    const handle = await startFerretDb();
    if (!handle) return;
    globalThis.__FERRETDB__ = handle;
    process.env.FERRETDB_URL = handle.url;
    console.log(`\nFerretDB at ${handle.url} (${Date.now() - started} ms)`);
  } catch (err) {
    // In CI the FerretDB suites must run, never vanish silently.
    if (process.env.CI === 'true') throw err;
    console.warn(`\nFerretDB not started; its contract suites are not listed: ${(err as Error).message}`);
  }
}

/** `--selectProjects unit` (jest does not pass the selection to global setup, so read the command line). */
function onlyUnitProjectSelected(): boolean {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === '--selectProjects' || a.startsWith('--selectProjects='));
  if (i < 0) return false;
  const names: string[] = [];
  if (args[i].includes('=')) names.push(...args[i].slice(args[i].indexOf('=') + 1).split(','));
  else
    for (const a of args.slice(i + 1)) {
      if (a.startsWith('-')) break;
      names.push(a);
    }
  return names.length > 0 && names.every((n) => n === 'unit');
}
