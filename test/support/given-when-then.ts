// Given events, when a command, then events (or a DomainError): the Emmett style for deciders.
import * as assert from 'uvu/assert';
import type { Decider } from '../../domain/shared/decider.ts';
import type { DomainEvent } from '../../domain/shared/event-envelope.ts';
import { DomainError, type DomainErrorKind } from '../../domain/shared/domain-error.ts';

export function specFor<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return (given: E[]) => ({
    when: (command: C) => {
      const run = () => {
        let state = decider.initialState();
        for (const e of given) state = decider.evolve(state, e);
        return decider.decide(command, state);
      };
      return {
        then(expected: E[]) {
          assert.equal(run(), expected);
        },
        thenThrows(kind: DomainErrorKind, message?: RegExp) {
          try {
            run();
          } catch (error) {
            assert.instance(error, DomainError);
            assert.is((error as DomainError).kind, kind);
            if (message) assert.match((error as DomainError).message, message);
            return;
          }
          assert.unreachable(`expected a ${kind} DomainError`);
        },
      };
    },
  });
}
