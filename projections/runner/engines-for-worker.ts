import { AppConfig, ConfigError } from '../../src/config/config';
import { createLogger } from '../../src/core/logging';
import { openEngines } from '../../src/core/engines';
import { allProjections } from '../all-projections';
import { ProjectionRunner, type RunnerLogger, RunnerOptions } from './projection-runner';
import type { Logger } from 'pino';

/** The configuration, or exit 2 with the message naming the variable at fault. */
export function commandConfig<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}

/** A runner's log lines into the process's log. */
export const runnerLogger = (logger: Logger): RunnerLogger => ({
  info: (m) => logger.info(m),
  error: (m, e) => logger.error({ err: e }, m),
});

/** Logger, engines and a runner over every projection, for the worker and the rebuild command. */
export async function openRunner(config: AppConfig, options: RunnerOptions = {}) {
  const logger = createLogger(config.logLevel);
  const engines = await openEngines(config);
  const runner = new ProjectionRunner(engines.eventStore, engines.readStore, allProjections, {
    logger: runnerLogger(logger),
    ...options,
  });
  return { logger, engines, runner };
}
