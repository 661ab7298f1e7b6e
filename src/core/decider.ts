/**
 * A decider is the pure heart of an aggregate: `decide` turns a command and the current state into
 * new events (or throws a domain error); `evolve` folds one event into the state. No I/O, no clock:
 * time and ids arrive in the command.
 */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface Decider<C, S, E extends DomainEvent> {
  initialState: S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): E[];
}

/** Folds a history into state. */
export function fold<S, E extends DomainEvent>(
  decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>,
  events: E[],
): S {
  return events.reduce(decider.evolve, decider.initialState);
}
