import { socketIoRedisEmitter } from '../../src/core/redis';
import { Aggregates } from '../../src/core/commands/aggregates';
import { systemClock } from '../../src/core/clock';
import { LiveEvents, ProcessHost } from '../../src/core/processes/process-host';
import { logProcesses } from '../../src/app.processes';
import { loadConfig } from '../../src/config/config';
import { commandConfig, openRunner } from './engines-for-worker';
import { redisNotifier } from './redis-notifier';
import { lead } from '../../src/core/leadership';
import { growHeapSlowly } from '../../src/core/heap-growth';

/**
 * The projections as their own process (production topology): API instances run with
 * PROJECTIONS=external and wait on the checkpoints this process saves; pushes go out through
 * Redis to whichever instance holds each socket. It also hosts the processes that follow the log
 * (src/app.processes.ts: rating requests, job-request e-mails), which the API runs only as a single instance.
 */
async function main() {
  growHeapSlowly();
  const config = commandConfig(() => loadConfig());
  // On PostgreSQL a second worker stands by and takes over when the active one dies (src/core/leadership.ts).
  const leadership = config.databaseUrl
    ? await lead(config.databaseUrl, 'projections worker', () =>
        console.log('standing by: another projections worker is active; taking over when it stops'),
      )
    : null;
  void leadership?.lost.then((error) => {
    // A standby may be leading already: stop at once, before this process applies or mails anything more.
    console.error(`the projections worker's lock was lost (${error.message}); stopping`);
    process.exit(1);
  });
  const fanOut = config.redisUrl ? socketIoRedisEmitter(config.redisUrl) : null;
  const notifier = fanOut && redisNotifier(fanOut.emitter);
  const live = new LiveEvents((err) => console.error('a process failed on a live event', err));
  const { logger, engines, runner } = await openRunner(config, {
    notifier,
    pastApart: true,
    pastLagMs: config.pastLagMs,
    live,
  });
  if (!config.mongodbUrl && !config.databaseUrl)
    logger.warn(
      'Neither DATABASE_URL nor MONGODB_URL is set: the read models go to DATA_DIR/read-models.sqlite, which only API instances on this machine sharing DATA_DIR can read. Use PostgreSQL across machines.',
    );
  if (!fanOut) logger.warn('REDIS_URL is not set: no pushes will reach API instances.');
  const processes = new ProcessHost(
    logProcesses({
      eventStore: engines.eventStore,
      store: engines.readStore,
      mailer: engines.mailer,
      aggregates: new Aggregates(engines.eventStore, runner),
      progress: runner,
      live,
      config,
      clock: systemClock,
      logger,
    }),
    { info: (m) => logger.info(m) },
  );
  // Before the catch-up ends: the live events it meets (appended since this start) reach them too.
  processes.start();
  await runner.start();
  // Printed whatever the log level: scripts and tests wait for this line, as for the API's 'CrewClock is running at'.
  console.log('projections caught up; following the event log');
  // The embedded event store's polling timer does not hold the process open (its owner decides):
  // without this, the worker on SQLite exited as soon as it had caught up.
  const alive = setInterval(() => undefined, 1 << 30);
  const stop = async () => {
    clearInterval(alive);
    await processes.stop();
    await runner.stop();
    await engines.close();
    await fanOut?.close();
    await leadership?.release();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
