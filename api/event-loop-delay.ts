// How late the process's event loop runs its callbacks, over a recent window, for the health body:
// the one figure that shows a request, a query or a worker holding the loop (every other request
// waits that long). Node's monitorEventLoopDelay cannot be merged across windows, so a timer samples
// the lateness itself into one recordable histogram per second, and a snapshot merges the last
// WINDOW_S of them: a stall is visible at once and for WINDOW_S seconds after it.
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

/** Sampling period: the smallest delay the monitor can see (the timer's own lateness). */
export const EVENT_LOOP_SAMPLE_MS = 10;
/** Seconds covered by a snapshot. */
export const EVENT_LOOP_WINDOW_S = 10;

export interface EventLoopDelaySnapshot {
  p50: number;
  p99: number;
  max: number;
  /** Seconds the figures cover (less than EVENT_LOOP_WINDOW_S just after start). */
  window_s: number;
}

export interface EventLoopDelayMonitor {
  snapshot(): EventLoopDelaySnapshot;
  stop(): void;
}

const NS_PER_MS = 1e6;
const round = (ms: number) => Math.round(ms * 10) / 10;

export function startEventLoopDelayMonitor(): EventLoopDelayMonitor {
  let current = createHistogram();
  const done: RecordableHistogram[] = [];
  let expected = performance.now() + EVENT_LOOP_SAMPLE_MS;
  let slotEnds = performance.now() + 1000;
  const sampler = setInterval(() => {
    const now = performance.now();
    // Histograms hold integers ≥ 1: one nanosecond stands for "on time".
    current.record(Math.max(1, Math.round((now - expected) * NS_PER_MS)));
    expected = now + EVENT_LOOP_SAMPLE_MS;
    if (now >= slotEnds) {
      done.push(current);
      if (done.length > EVENT_LOOP_WINDOW_S - 1) done.shift();
      current = createHistogram();
      slotEnds = now + 1000;
    }
  }, EVENT_LOOP_SAMPLE_MS);
  sampler.unref();
  return {
    snapshot() {
      const merged = createHistogram();
      for (const slot of done) merged.add(slot);
      merged.add(current);
      // The sample of a stall still in progress is taken when it ends; until then count it as now.
      const ongoing = Math.max(0, performance.now() - expected);
      if (ongoing > 0) merged.record(Math.max(1, Math.round(ongoing * NS_PER_MS)));
      const ms = (ns: number) => (merged.count === 0 ? 0 : round(ns / NS_PER_MS));
      return {
        p50: ms(merged.percentile(50)),
        p99: ms(merged.percentile(99)),
        max: ms(merged.max),
        window_s: done.length + 1,
      };
    },
    stop: () => clearInterval(sampler),
  };
}

let processMonitor: EventLoopDelayMonitor | null = null;

/** The process's monitor, started on first use (one per process: the loop is the process's). */
export function processEventLoopDelay(): EventLoopDelayMonitor {
  processMonitor ??= startEventLoopDelayMonitor();
  return processMonitor;
}
