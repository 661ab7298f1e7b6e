// Preloaded into the server by bench/event-loop.bench.ts (node --require): how long its event loop was held.
// monitorEventLoopDelay samples every millisecond; its max is the longest the loop could not run a timer.
const { monitorEventLoopDelay } = require('node:perf_hooks');

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
process.on('message', (message) => {
  if (message === 'loop:reset') {
    delay.reset();
    process.send({ reset: true });
  } else if (message === 'loop:read') {
    process.send({ maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 });
  }
});
// The channel must not keep the server alive on its own.
process.channel?.unref();
