import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent. Left to itself it
 * grows the heap up to about four times that when collecting is quick, so a process whose work makes garbage fast (a
 * first start applying 1,000,000 events in batches) held 200 MB of it, with 75-90 MB alive. At 40 % the same first
 * start's peak RSS (VmHWM) went from 457-461 to 386 MB (bench:data's mix) and 299 MB (the dense mix), in the same
 * time and CPU.
 */
export const HEAP_GROWING_PERCENT = 40;

/** Every process's first step (the API's, the worker's, the rebuild's…): V8 reads the flag at each collection. */
export function growHeapSlowly(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
