import { nextTurn } from './loop-turns';

describe('nextTurn', () => {
  it('lets one step of long work go per turn of the event loop, the waiting ones in order', async () => {
    // A ticker that counts the loop's turns (an immediate queued from the check phase runs in the next turn).
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const steps: { task: number; turn: number }[] = [];
    const task = async (id: number) => {
      for (let i = 0; i < 3; i++) {
        await nextTurn();
        steps.push({ task: id, turn });
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, id) => task(id)));
    ticking = false;
    expect(steps).toHaveLength(60);
    // Twenty tasks at once never run two steps in one turn: the loop polls for requests between every two.
    expect(new Set(steps.map((s) => s.turn)).size).toBe(60);
    // Round robin: each task's first step comes before any task's second.
    expect(steps.slice(0, 20).map((s) => s.task)).toEqual(Array.from({ length: 20 }, (_, id) => id));
  });
});
