/**
 * Long work (a report read a batch at a time, a workbook written, slots computed a day at a time, a read model built
 * in the background) gives the event loop back between its steps. A bare `setImmediate` is not enough: every
 * immediate queued before the loop reaches its check phase runs in that one phase, so twenty summaries at once would
 * each run a batch before the loop next looks for new requests, and another organization's sign-in would wait for
 * all twenty. `nextTurn()` queues the caller and lets **one** waiting step go per turn of the loop, oldest first:
 * between two steps of long work the loop always polls for I/O, so a short request waits for one step at most,
 * however many long ones run. The long ones share the turns in order (round robin), each as slow as they together
 * make it, which is what the machine can do anyway.
 */
const waiting: (() => void)[] = [];
let scheduled = false;

export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(release);
    }
  });
}

function release(): void {
  const next = waiting.shift()!;
  // Queued from within the check phase, this immediate runs in the next turn, after the loop has polled for I/O.
  if (waiting.length) setImmediate(release);
  else scheduled = false;
  next();
}

/**
 * For work made of many synchronous steps (on the embedded store a read never waits for I/O): `spent()` gives the loop
 * a turn once the steps since the last turn took `budgetMs`, so one request holds the loop for about that long at most
 * between two looks at the other requests; work done within the budget never waits in line for a turn.
 */
export class TurnBudget {
  private since = performance.now();

  constructor(private readonly budgetMs = 10) {}

  /**
   * A budget whose work starts in a turn of its own: requests that arrive together (a poll of the loop hands over all
   * of them) would otherwise each run their first steps back to back before any of them looks at the time.
   */
  static async begin(budgetMs?: number): Promise<TurnBudget> {
    await nextTurn();
    return new TurnBudget(budgetMs);
  }

  async spent(): Promise<void> {
    if (performance.now() - this.since < this.budgetMs) return;
    await nextTurn();
    this.since = performance.now();
  }
}
