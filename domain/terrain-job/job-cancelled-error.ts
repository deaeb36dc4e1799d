// A report for a job that was cancelled: the worker stops the phase and acks its task. Its own type,
// so a worker never mistakes another conflict (a command whose retries ran out) for cancellation.
import { DomainError } from '../shared/domain-error.ts';

export class JobCancelledError extends DomainError {
  constructor(readonly jobId: string) {
    super('conflict', `Terrain job ${jobId} was cancelled`);
    this.name = 'JobCancelledError';
  }
}
