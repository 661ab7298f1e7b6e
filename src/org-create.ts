import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { AppModule } from './app.module';
import { ConfigError, environmentWith, loadConfig } from './config/config';
import { newId } from './core/clock';
import { openEngines } from './core/engines';
import { DomainError } from './core/errors';
import { createLogger } from './core/logging';
import { CreateOrganization } from './identity/identity.commands';

const USAGE =
  'Usage: npm run org:create -- --name <name> --admin-email <email> --admin-password <password> [--time-zone <IANA zone>] [--admin-first-name <name>] [--admin-last-name <name>]';

/** What `--help` prints: what the command does, each option, and where it writes. */
const HELP = `Creates an organization and its first Company Admin, who then signs in with the e-mail and password given.

${USAGE}

Options:
  --name <name>               The organization's name (required).
  --admin-email <email>       The Company Admin's e-mail, their sign-in name (required).
  --admin-password <password> The Company Admin's password, at least 8 characters (required).
  --time-zone <IANA zone>     The organization's time zone, e.g. America/Chicago (default America/New_York).
  --admin-first-name <name>   The Company Admin's first name (default Company).
  --admin-last-name <name>    The Company Admin's last name (default Admin).
  -h, --help                  Show this help.

It writes to the engines the app is configured with (DATA_DIR, DATABASE_URL, EVENTSTORE_URL, MONGODB_URL),
so run it with the same environment as the app. Exit status: 0 created, 1 refused (the reason is printed),
2 wrong usage or configuration.`;

/** Creates an organization and its first Company Admin on whichever engines are configured. */
async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        name: { type: 'string' },
        'admin-email': { type: 'string' },
        'admin-password': { type: 'string' },
        'time-zone': { type: 'string', default: 'America/New_York' },
        'admin-first-name': { type: 'string', default: 'Company' },
        'admin-last-name': { type: 'string', default: 'Admin' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const missing = ['name', 'admin-email', 'admin-password'].filter((k) => !args[k as keyof typeof args]);
  if (missing.length) {
    console.error(`Missing ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`);
    return 2;
  }
  const config = {
    ...loadConfig(environmentWith({ LOG_LEVEL: 'warn' })),
    projections: 'none' as const,
    seedDemo: false,
  };
  const logger = createLogger(config.logLevel);
  const engines = await openEngines(config);
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(config, engines, logger), {
    logger: false,
  });
  try {
    const organizationId = newId();
    const adminUserId = newId();
    await context.get(CommandBus).execute(
      new CreateOrganization(
        {
          organizationId,
          name: args.name!,
          timeZone: args['time-zone']!,
          admin: {
            userId: adminUserId,
            firstName: args['admin-first-name']!,
            lastName: args['admin-last-name']!,
            email: args['admin-email']!,
            password: args['admin-password']!,
          },
        },
        { organizationId, actorUserId: null, correlationId: newId(), causationId: null, at: new Date().toISOString() },
      ),
    );
    console.log(
      `Organization "${args.name}" created (id ${organizationId}). Its Company Admin signs in as ${args['admin-email']!.trim().toLowerCase()}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(`Could not create the organization: ${error.errors[0]}`);
      return 1;
    }
    throw error;
  } finally {
    await context.close();
    await engines.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
