// How late the process's event loop runs its callbacks, over a recent window, for the health body:
// the one figure that shows a request, a query or a worker holding the loop (every other request
// waits that long). A timer samples its own lateness into a ring of the last WINDOW_S seconds of
// samples; a snapshot sorts a copy (at most WINDOW_S * 1000 / SAMPLE_MS numbers: well under a
// millisecond, where merging ten node:perf_hooks histograms took about 3 ms of every health request).

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

const round = (ms: number) => Math.round(ms * 10) / 10;
/** Samples in a full window (a stalled loop takes fewer: one per stall). */
const CAPACITY = (EVENT_LOOP_WINDOW_S * 1000) / EVENT_LOOP_SAMPLE_MS;

export function startEventLoopDelayMonitor(): EventLoopDelayMonitor {
  const delays = new Float64Array(CAPACITY);
  const takenAt = new Float64Array(CAPACITY);
  let next = 0;
  let count = 0;
  const startedAt = performance.now();
  let expected = startedAt + EVENT_LOOP_SAMPLE_MS;
  const sampler = setInterval(() => {
    const now = performance.now();
    delays[next] = Math.max(0, now - expected);
    takenAt[next] = now;
    next = (next + 1) % CAPACITY;
    count = Math.min(count + 1, CAPACITY);
    expected = now + EVENT_LOOP_SAMPLE_MS;
  }, EVENT_LOOP_SAMPLE_MS);
  sampler.unref();
  return {
    snapshot() {
      const now = performance.now();
      const since = now - EVENT_LOOP_WINDOW_S * 1000;
      const window: number[] = [];
      for (let i = 0; i < count; i++) if (takenAt[i] >= since) window.push(delays[i]);
      // The sample of a stall still in progress is taken when it ends; until then count it as now.
      const ongoing = now - expected;
      if (ongoing > 0) window.push(ongoing);
      const sorted = Float64Array.from(window).sort();
      const at = (p: number) =>
        sorted.length === 0 ? 0 : round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
      return {
        p50: at(50),
        p99: at(99),
        max: sorted.length === 0 ? 0 : round(sorted[sorted.length - 1]),
        window_s: Math.max(1, Math.min(EVENT_LOOP_WINDOW_S, Math.ceil((now - startedAt) / 1000))),
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
