import { Decider, DomainEvent, fold } from './decider';

/** Given/when/then for decider specs: `given(decider, history).when(command).then(events)`. */
export function given<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, history: E[]) {
  const state = fold(decider, history);
  return {
    when: (command: C) => ({
      then: (expected: E[]) => expect(decider.decide(command, state)).toEqual(expected),
      /** `message`: a part of the message (string), a pattern, or an Error whose message must be the whole of it. */
      thenThrows: (error: new (...args: never[]) => Error, message?: string | RegExp | Error) => {
        const run = () => decider.decide(command, state);
        expect(run).toThrow(error);
        if (message) expect(run).toThrow(message);
      },
      events: () => decider.decide(command, state),
    }),
    state,
  };
}
