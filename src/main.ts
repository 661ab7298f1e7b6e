import { ConfigError, loadConfig } from './config/config';
import { createApp } from './app';
import { createLogger } from './core/logging';
import { growHeapSlowly } from './core/heap-growth';

async function main() {
  growHeapSlowly();
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
  const running = await createApp(config, { logger });
  logger.info(running.engines.describe);
  const lines = [`CrewClock is running at ${config.publicUrl} (data: ${config.dataDir})`];
  if (running.demoSignIns) lines.push('', 'Demo organization created. Sign in with:', ...running.demoSignIns);
  console.log(['', ...lines, ''].join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
