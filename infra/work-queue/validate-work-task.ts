// Checks a task before it is enqueued, so a bad one fails at the dispatcher with a clear reason
// instead of as a poison message at a worker. Returns the task as it will be delivered: a copy
// of the payload through JSON, so in-memory and NATS delivery hand handlers the same value.
import { InvalidTaskError, type WorkTask } from './work-queue.ts';

const KIND = /^[A-Za-z0-9_-]{1,64}$/;
// Printable, no whitespace other than a space: the id travels in a NATS header (Nats-Msg-Id).
const ID = /^[\x21-\x7e]([\x20-\x7e]{0,254}[\x21-\x7e])?$/;

function checkJson(value: unknown, path: string, depth: number): void {
  if (depth > 64) throw new InvalidTaskError(`payload${path} is nested more than 64 levels deep`);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidTaskError(`payload${path} is ${value}, which JSON cannot carry`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkJson(item, `${path}[${i}]`, depth + 1));
    return;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) {
      for (const [key, item] of Object.entries(value)) checkJson(item, `${path}.${key}`, depth + 1);
      return;
    }
  }
  // Dates, Maps, class instances, undefined, functions, bigints: JSON would change or drop them.
  const what = typeof value === 'object' ? ((value as object).constructor?.name ?? 'object') : typeof value;
  throw new InvalidTaskError(`payload${path} is a ${what}, not a JSON value`);
}

export function validateWorkTask(task: WorkTask): WorkTask {
  if (typeof task !== 'object' || task === null)
    throw new InvalidTaskError('a task must be an object { id, kind, payload }');
  if (typeof task.id !== 'string' || !ID.test(task.id)) {
    throw new InvalidTaskError(
      `task id ${JSON.stringify(task.id)} must be 1-256 printable ASCII characters, without leading or trailing spaces`,
    );
  }
  if (typeof task.kind !== 'string' || !KIND.test(task.kind)) {
    throw new InvalidTaskError(`task kind ${JSON.stringify(task.kind)} must be 1-64 letters, digits, '_' or '-'`);
  }
  if (task.payload === undefined) throw new InvalidTaskError('task payload is missing (use null for none)');
  checkJson(task.payload, '', 0);
  return { id: task.id, kind: task.kind, payload: JSON.parse(JSON.stringify(task.payload)) };
}
