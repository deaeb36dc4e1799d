// Read-your-writes (DESIGN.md §5): a write endpoint answers once the read models include its
// events. In one process the runner says so directly; when the projector runs in its own process
// the API polls the checkpoint table instead.
import type { Knex } from 'knex';
import { readCheckpoint } from './checkpoint-store.ts';

export interface ReadModelWaiter {
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

export class PollingReadModelWaiter implements ReadModelWaiter {
  constructor(
    private readonly knex: Knex,
    private readonly intervalMs = 15,
  ) {}

  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await readCheckpoint(this.knex)) >= position) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, this.intervalMs));
    }
  }
}
