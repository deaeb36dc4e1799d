// Helper process for work-queue.test.ts (not a test file): a NATS worker that takes one task and
// hangs on it without ack or heartbeat, so the test can SIGKILL it mid-task.
// Settings come from the environment the test gives it.
import { NatsWorkQueue } from '../../infra/work-queue/nats-work-queue.ts';

const env = process.env;
const queue = await NatsWorkQueue.open({
  url: env.WQ_NATS_URL!,
  stream: env.WQ_STREAM!,
  subject: env.WQ_SUBJECT!,
  durable: env.WQ_DURABLE!,
  ackWaitMs: Number(env.WQ_ACK_WAIT_MS),
  pullExpiresMs: 1000,
  onDeadLetter: () => {},
});
queue.consume(async (task, control) => {
  process.stdout.write(`took ${task.id} ${control.attempt}\n`);
  await new Promise(() => {}); // never settles; the NATS connection keeps the process alive
});
process.stdout.write('ready\n');
