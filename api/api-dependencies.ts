// What the HTTP layer needs from the rest of the service, wired by main.ts (or a test).
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { ReadModelWaiter } from '../projections/read-model-waiter.ts';

export interface HealthCheck {
  name: string;
  kind: string;
  check(): Promise<boolean>;
}

export interface ApiDependencies {
  store: EventStore;
  /** Read-model database (answers every GET). */
  readModels: Knex;
  waiter: ReadModelWaiter;
  logger: Logger;
  readYourWritesTimeoutMs: number;
  healthChecks: HealthCheck[];
}
