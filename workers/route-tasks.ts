// One work queue carries several kinds of task (terrain phases, document text): a consumer hands
// each to the handler of its kind, and so does the dead-letter handler.
import type { DeadLetterHandler, TaskHandler } from '../infra/work-queue/work-queue.ts';

export function routeTasks(handlers: Record<string, TaskHandler>): TaskHandler {
  return (task, control) => {
    const handler = handlers[task.kind];
    if (!handler) return Promise.reject(new Error(`no worker here handles tasks of kind ${task.kind}`));
    return handler(task, control);
  };
}

export function routeDeadLetters(
  handlers: Record<string, DeadLetterHandler>,
  onUnknown: DeadLetterHandler,
): DeadLetterHandler {
  return (task, error, attempts) => (handlers[task.kind] ?? onUnknown)(task, error, attempts);
}
