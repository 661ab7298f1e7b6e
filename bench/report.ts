import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The value below which p % of the sorted samples fall (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Prints a benchmark's figures as a table with its verdict, and writes them to bench/results/<name>.json. */
export function report(
  name: string,
  title: string,
  result: { p99Ms: number; targetP99Ms: number } & Record<string, unknown>,
): void {
  console.log(`\n${title}`);
  console.table([result]);
  mkdirSync(join(__dirname, 'results'), { recursive: true });
  writeFileSync(join(__dirname, 'results', `${name}.json`), JSON.stringify(result, null, 2));
  console.log(
    result.p99Ms <= result.targetP99Ms
      ? `p99 ${result.p99Ms} ms ≤ ${result.targetP99Ms} ms: target met`
      : `p99 ${result.p99Ms} ms > ${result.targetP99Ms} ms: target missed`,
  );
}

/** One figure of a benchmark's table: what was measured, the result, the target and whether it was met. */
export interface Figure {
  figure: string;
  result: string;
  target: string;
  met: boolean | null;
}

/** A benchmark's table of figures: `add` records one and prints it as it comes. */
export function figureTable() {
  const rows: Figure[] = [];
  const add = (figure: string, result: string, target = '', met: boolean | null = null) => {
    rows.push({ figure, result, target, met });
    console.log(`  ${figure}: ${result}${target ? ` (target ${target}: ${met ? 'met' : 'missed'})` : ''}`);
  };
  return { rows, add };
}
