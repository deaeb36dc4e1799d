// Decorator for any EventStore: refuses unknown event types and invalid data before anything is
// written, and upcasts older schema versions on read.
import type { NewEvent, RecordedEvent } from '../../domain/shared/event-envelope.ts';
import { createAjv } from '../../domain/shared/create-ajv.ts';
import type { EventSchemaRegistry } from '../../domain/event-schemas.ts';
import type { ValidateFunction } from 'ajv';
import {
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  InvalidEventError,
  type ReadAllOptions,
  type ReadStreamOptions,
  type Subscription,
} from './event-store.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STREAM = /^[a-z][a-z0-9_]*-[0-9a-f-]{36}$/;

export class ValidatingEventStore implements EventStore {
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(
    private readonly inner: EventStore,
    private readonly registry: EventSchemaRegistry,
  ) {
    const ajv = createAjv();
    for (const [type, entry] of Object.entries(registry)) this.validators.set(type, ajv.compile(entry.schema));
  }

  get kind() {
    return this.inner.kind;
  }

  private check(stream: string, event: NewEvent): void {
    if (!STREAM.test(stream))
      throw new InvalidEventError(`stream name ${stream} is not <aggregate>-<uuid>`, event.type);
    const entry = this.registry[event.type];
    const validate = this.validators.get(event.type);
    if (!entry || !validate) throw new InvalidEventError(`unknown event type ${event.type}`, event.type);
    if (event.version !== entry.version) {
      throw new InvalidEventError(
        `${event.type} must be written at version ${entry.version}, not ${event.version}`,
        event.type,
      );
    }
    if (!UUID.test(event.id)) throw new InvalidEventError(`${event.type} id ${event.id} is not a UUID`, event.type);
    const m = event.metadata;
    if (!m || !UUID.test(m.correlation_id ?? '') || Number.isNaN(Date.parse(m.occurred_at ?? ''))) {
      throw new InvalidEventError(`${event.type} metadata needs correlation_id (uuid) and occurred_at`, event.type);
    }
    if (!validate(event.data)) {
      const first = validate.errors?.[0];
      throw new InvalidEventError(
        `${event.type} data is invalid: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim(),
        event.type,
      );
    }
  }

  private upcast(event: RecordedEvent): RecordedEvent {
    const entry = this.registry[event.type];
    if (!entry || event.version >= entry.version) return event;
    let data = event.data;
    for (let v = event.version; v < entry.version; v++) {
      const upcaster = entry.upcasters?.[v];
      if (!upcaster) throw new Error(`no upcaster for ${event.type} v${v}`);
      data = upcaster(data);
    }
    return { ...event, data, version: entry.version };
  }

  async append(
    stream: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    options?: AppendOptions,
  ): Promise<AppendResult> {
    for (const event of events) this.check(stream, event);
    return this.inner.append(stream, events, expected, options);
  }

  async readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(stream, options)).map((e) => this.upcast(e));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readAll(options)).map((e) => this.upcast(e));
  }

  headPosition() {
    return this.inner.headPosition();
  }

  subscribeAll(after?: number, options?: { batchSize?: number }): Subscription {
    const inner = this.inner.subscribeAll(after, options);
    const upcast = (e: RecordedEvent) => this.upcast(e);
    async function* batches() {
      for await (const batch of inner) yield batch.map(upcast);
    }
    const iterator = batches();
    return { [Symbol.asyncIterator]: () => iterator, close: () => inner.close() };
  }

  ping() {
    return this.inner.ping();
  }

  close() {
    return this.inner.close();
  }
}
