// Structured JSON logs (pino): one line per event, cheap enough for the hot path.
import { pino, type Logger } from 'pino';

export function createLogger(level: string, name = 'ops-terrain'): Logger {
  return pino({ name, level });
}
