// The work queue on NATS JetStream, shared by every worker process on every machine:
// - a stream with work-queue retention (a message leaves the stream when it is acked or
//   terminated) over `<subject>.>`, with a long duplicate window so Nats-Msg-Id = task id dedupes;
// - one durable pull consumer that all workers share (each message goes to one of them), explicit
//   ack, ack_wait = ackWaitMs (msg.working() restarts it);
// - retries by msg.nak(delay) with our backoff, and the delivery limit enforced here.
// Two JetStream features are deliberately not used:
// - the consumer's `backoff` array: the server then uses backoff[0] as the ack wait and the
//   array for ack-timeout redeliveries too, so a worker would lose a healthy long task after the
//   first backoff step (observed on nats-server 2.9: ack_wait 30 s + backoff [1 s] → ack_wait 1 s);
// - `max_deliver`: when the last delivery times out (its worker was SIGKILLed) the server just
//   stops delivering, and the message stays in the stream with nobody told. With no server
//   limit the next delivery arrives with deliveryCount > maxDeliveries, and runTaskDelivery
//   dead-letters and terminates it without running the handler.
import {
  AckPolicy,
  DeliverPolicy,
  ReplayPolicy,
  RetentionPolicy,
  StorageType,
  connect,
  nanos,
  type ConsumerConfig,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  type StreamConfig,
} from 'nats';
import { resolveWorkQueueSettings, type ResolvedWorkQueueSettings } from './resolve-work-queue-settings.ts';
import { runTaskDelivery, type TaskDelivery } from './run-task-delivery.ts';
import { validateWorkTask } from './validate-work-task.ts';
import {
  InvalidWorkQueueSettingsError,
  WorkQueueClosedError,
  type ConsumeOptions,
  type EnqueueResult,
  type TaskConsumer,
  type TaskHandler,
  type WorkQueue,
  type WorkQueueSettings,
  type WorkTask,
} from './work-queue.ts';

export interface NatsWorkQueueOptions extends WorkQueueSettings {
  /** nats://host:4222 (several separated by commas). */
  url: string;
  /** JetStream stream name. Default TERRAIN_TASKS. */
  stream?: string;
  /** Subject prefix: tasks are published on `<subject>.<kind>`. Default terrain.tasks. */
  subject?: string;
  /** Durable consumer shared by all workers. Default terrain-workers. */
  durable?: string;
  /**
   * How long one pull request waits for messages (min 1000 ms, default 5000). stop() may wait
   * this long for the open pull to end, so that no message is sent to a consumer that left.
   */
  pullExpiresMs?: number;
  /** Connection name shown by the server (monitoring). */
  connectionName?: string;
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const SUBJECT = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

// JetStream API error codes (nats-server errors.json).
const STREAM_NAME_IN_USE = 10058;
const CONSUMER_ALREADY_EXISTS = [10148, 10013, 10105];

function apiErrorCode(error: unknown): number | undefined {
  return (error as { api_error?: { err_code?: number } })?.api_error?.err_code;
}

function checkName(name: string, value: string, pattern: RegExp): string {
  if (!pattern.test(value))
    throw new InvalidWorkQueueSettingsError(`${name} ${JSON.stringify(value)} is not a valid NATS name`);
  return value;
}

/**
 * Creates the stream, or brings an existing one to our subjects and duplicate window. Several
 * processes start at once: an identical add is idempotent on the server, and a process that
 * loses the race to a different configuration updates it.
 */
async function ensureStream(
  jsm: JetStreamManager,
  name: string,
  subject: string,
  duplicateWindowMs: number,
): Promise<void> {
  const wanted: Partial<StreamConfig> & { name: string } = {
    name,
    subjects: [`${subject}.>`],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    duplicate_window: nanos(duplicateWindowMs),
  };
  try {
    await jsm.streams.add(wanted);
    return;
  } catch (error) {
    if (apiErrorCode(error) !== STREAM_NAME_IN_USE) throw error;
  }
  const { config } = await jsm.streams.info(name);
  if (config.retention !== RetentionPolicy.Workqueue) {
    throw new InvalidWorkQueueSettingsError(
      `stream ${name} exists with ${config.retention} retention, not workqueue: choose another stream name or delete it`,
    );
  }
  const sameSubjects = config.subjects.length === 1 && config.subjects[0] === wanted.subjects![0];
  if (!sameSubjects || config.duplicate_window !== wanted.duplicate_window) {
    await jsm.streams.update(name, {
      ...config,
      subjects: wanted.subjects!,
      duplicate_window: wanted.duplicate_window!,
    });
  }
}

/** Same for the durable consumer; the last process to start sets ack_wait (rolling deploys). */
async function ensureConsumer(
  jsm: JetStreamManager,
  stream: string,
  durable: string,
  subject: string,
  ackWaitMs: number,
): Promise<void> {
  const wanted: Partial<ConsumerConfig> = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    ack_wait: nanos(ackWaitMs),
    max_deliver: -1,
    filter_subject: `${subject}.>`,
    deliver_policy: DeliverPolicy.All,
    replay_policy: ReplayPolicy.Instant,
  };
  try {
    await jsm.consumers.add(stream, wanted);
  } catch (error) {
    if (!CONSUMER_ALREADY_EXISTS.includes(apiErrorCode(error) ?? 0)) throw error;
  }
  const { config } = await jsm.consumers.info(stream, durable);
  if (
    config.ack_policy !== AckPolicy.Explicit ||
    (config.backoff?.length ?? 0) > 0 ||
    config.filter_subject !== wanted.filter_subject
  ) {
    throw new InvalidWorkQueueSettingsError(
      `consumer ${durable} on ${stream} exists with another ack policy, backoff or filter: delete it (nats consumer rm ${stream} ${durable}) and restart`,
    );
  }
  if (config.ack_wait !== wanted.ack_wait || config.max_deliver !== -1) {
    await jsm.consumers.update(stream, durable, { ack_wait: wanted.ack_wait!, max_deliver: -1 });
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export class NatsWorkQueue implements WorkQueue {
  readonly kind = 'nats' as const;
  private readonly consumers = new Set<TaskConsumer>();
  private closed = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly settings: ResolvedWorkQueueSettings,
    readonly stream: string,
    readonly subject: string,
    readonly durable: string,
    private readonly pullExpiresMs: number,
  ) {}

  /** Connects, creates (or adopts) the stream and the durable consumer. Throws when NATS does not answer. */
  static async open(options: NatsWorkQueueOptions): Promise<NatsWorkQueue> {
    const settings = resolveWorkQueueSettings(options);
    const stream = checkName('stream', options.stream ?? 'TERRAIN_TASKS', NAME);
    const durable = checkName('durable', options.durable ?? 'terrain-workers', NAME);
    const subject = checkName('subject', options.subject ?? 'terrain.tasks', SUBJECT);
    const pullExpiresMs = options.pullExpiresMs ?? 5000;
    if (!Number.isInteger(pullExpiresMs) || pullExpiresMs < 1000 || pullExpiresMs > 60_000) {
      throw new InvalidWorkQueueSettingsError(`pullExpiresMs=${pullExpiresMs} must be an integer from 1000 to 60000`);
    }
    let nc: NatsConnection;
    try {
      nc = await connect({
        servers: options.url.split(',').map((s) => s.trim()),
        name: options.connectionName ?? 'work-queue',
        timeout: 5000,
        // A worker outlives NATS restarts: keep reconnecting; JetStream keeps the tasks.
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1000,
      });
    } catch (error) {
      throw new Error(`NATS at ${options.url} does not answer: ${(error as Error).message}`, { cause: error });
    }
    try {
      const jsm = await nc.jetstreamManager({ timeout: 5000 });
      await ensureStream(jsm, stream, subject, settings.duplicateWindowMs);
      await ensureConsumer(jsm, stream, durable, subject, settings.ackWaitMs);
      return new NatsWorkQueue(nc, jsm, nc.jetstream(), settings, stream, subject, durable, pullExpiresMs);
    } catch (error) {
      await nc.close();
      if (error instanceof InvalidWorkQueueSettingsError) throw error;
      throw new Error(
        `NATS at ${options.url}: cannot set up JetStream stream ${stream} (is JetStream enabled, -js?): ${(error as Error).message}`,
        { cause: error },
      );
    }
  }

  async enqueue(task: WorkTask): Promise<EnqueueResult> {
    if (this.closed) throw new WorkQueueClosedError();
    const checked = validateWorkTask(task);
    const ack = await this.js.publish(`${this.subject}.${checked.kind}`, JSON.stringify(checked), {
      msgID: checked.id,
      expect: { streamName: this.stream },
    });
    return { duplicate: ack.duplicate };
  }

  consume(handler: TaskHandler, options: ConsumeOptions = {}): TaskConsumer {
    if (this.closed) throw new WorkQueueClosedError();
    if (!this.settings.onDeadLetter) {
      throw new InvalidWorkQueueSettingsError(
        'consume needs onDeadLetter in the queue settings: a task that runs out of deliveries must be reported',
      );
    }
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 1000) {
      throw new InvalidWorkQueueSettingsError(`concurrency=${concurrency} must be an integer from 1 to 1000`);
    }
    const settings = this.settings;
    const stopping = new AbortController();
    const inFlight = new Set<Promise<void>>();
    let wake: (() => void) | null = null;
    const wakeUp = () => {
      const resume = wake;
      wake = null;
      resume?.();
    };

    const start = (msg: JsMsg) => {
      let task: WorkTask;
      try {
        task = validateWorkTask(msg.json<WorkTask>());
      } catch (error) {
        // Not something our enqueue wrote: it can never succeed, so it must not block the queue.
        settings.onError(error, { during: 'decoding a message (terminated)', taskId: msg.headers?.get('Nats-Msg-Id') });
        msg.term();
        return;
      }
      const delivery: TaskDelivery = {
        task,
        attempt: msg.info.deliveryCount,
        ack: async () => {
          // Double ack: the server confirms, so a lost ack shows in the log rather than as a
          // silent second run.
          if (!(await msg.ackAck())) throw new Error('the server did not confirm the ack');
        },
        retry: async (delayMs) => msg.nak(delayMs),
        terminate: async () => msg.term(),
        extendLease: () => msg.working(),
        leaseExpired: () => {},
      };
      const running: Promise<void> = runTaskDelivery(delivery, handler, settings, stopping.signal)
        .catch((error) => settings.onError(error, { during: 'delivery', taskId: task.id }))
        .finally(() => {
          inFlight.delete(running);
          wakeUp();
        });
      inFlight.add(running);
    };

    // Pull only as many messages as there are free slots: a message fetched but not started
    // would be using up its ack wait in a buffer.
    const pulling = (async () => {
      let consumer: Awaited<ReturnType<JetStreamClient['consumers']['get']>> | null = null;
      while (!stopping.signal.aborted) {
        if (inFlight.size >= concurrency) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          continue;
        }
        try {
          consumer ??= await this.js.consumers.get(this.stream, this.durable);
          const messages = await consumer.fetch({
            max_messages: concurrency - inFlight.size,
            expires: this.pullExpiresMs,
          });
          for await (const msg of messages) {
            // Arrived after stop(): hand it straight back (it counts as a delivery, as JetStream
            // has already counted it).
            if (stopping.signal.aborted) msg.nak();
            else start(msg);
          }
        } catch (error) {
          if (stopping.signal.aborted) break;
          settings.onError(error, { during: `pulling from ${this.stream}/${this.durable}` });
          consumer = null;
          await sleep(1000, stopping.signal);
        }
      }
    })();

    let stopped: Promise<void> | null = null;
    const taskConsumer: TaskConsumer = {
      stop: () => {
        stopped ??= (async () => {
          stopping.abort();
          wakeUp();
          await pulling;
          while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
          this.consumers.delete(taskConsumer);
        })();
        return stopped;
      },
    };
    this.consumers.add(taskConsumer);
    if (options.signal) {
      if (options.signal.aborted) void taskConsumer.stop();
      else options.signal.addEventListener('abort', () => void taskConsumer.stop(), { once: true });
    }
    return taskConsumer;
  }

  async ping(): Promise<boolean> {
    if (this.closed || this.nc.isClosed()) return false;
    try {
      await this.jsm.streams.info(this.stream);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.consumers].map((c) => c.stop()));
    // Drain flushes acks and naks still in the outgoing buffer before the socket closes.
    await this.nc.drain().catch(() => this.nc.close());
  }
}
