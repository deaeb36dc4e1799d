// The event-loop delay monitor behind the health body: a loop held by synchronous work shows up as
// at least that long a delay (a lower bound the monitor cannot miss, not a speed target).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setTimeout as sleep } from 'node:timers/promises';
import { startEventLoopDelayMonitor } from '../../api/event-loop-delay.ts';

const hold = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* the loop is held */
  }
};

test('a loop held for 150 ms is reported as a stall of at least 140 ms, then stays in the window', async () => {
  const monitor = startEventLoopDelayMonitor();
  try {
    await sleep(50);
    hold(150);
    await sleep(30);
    const after = monitor.snapshot();
    assert.ok(after.max >= 140, `max ${after.max}`);
    assert.ok(after.p50 <= after.p99 && after.p99 <= after.max, JSON.stringify(after));
    assert.ok(after.window_s >= 1);
    await sleep(1100);
    assert.ok(monitor.snapshot().max >= 140, 'the stall is still in the window a second later');
  } finally {
    monitor.stop();
  }
});

test('a stall in progress counts when the snapshot is taken inside it', () => {
  const monitor = startEventLoopDelayMonitor();
  try {
    hold(80);
    assert.ok(monitor.snapshot().max >= 70);
  } finally {
    monitor.stop();
  }
});

test.run();
