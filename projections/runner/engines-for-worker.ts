import { ConfigError, loadConfig } from '../../src/config/config';
import { createLogger } from '../../src/core/logging';
import { openEngines } from '../../src/core/engines';
import { allProjections } from '../all-projections';
import { ProjectionRunner, RunnerOptions } from './projection-runner';

/** Config, logger, engines and a runner over every projection, for the worker and the rebuild command. */
export async function openRunner(options: RunnerOptions = {}) {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const engines = await openEngines(config);
  const runner = new ProjectionRunner(engines.eventStore, engines.readStore, allProjections, {
    mailer: engines.mailer,
    logger: { info: (m) => logger.info(m), error: (m, e) => logger.error({ err: e }, m) },
    ...options,
  });
  return { config, logger, engines, runner };
}
