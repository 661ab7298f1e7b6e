import {
  DynamicModule,
  Global,
  type ModuleMetadata,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Aggregates, PROJECTION_PROGRESS, ProjectionProgress } from './commands/aggregates';
import { NOTIFIER, type Notifier } from './change-notice';
import { CLOCK, systemClock } from './clock';
import { POSITION_TOKENS, PositionTokens } from './position-tokens';
import { Engines } from './engines';
import { EVENT_STORE } from './event-store/event-store.port';
import { FILE_STORE } from './files/files.port';
import { MAILER } from './mail/mail.port';
import { READ_STORE } from './read-store/read-store.port';

export const REDIS = Symbol('Redis');
export const LOGGER = Symbol('Logger');
export const ENGINES = Symbol('Engines');

/** Starts the in-process projections before the API takes requests; stops them on shutdown. */
@Injectable()
class ProjectionsHost implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress) {}
  async onApplicationBootstrap() {
    await this.progress.start?.();
  }
  async onApplicationShutdown() {
    await this.progress.stop?.();
  }
}

/** How commands learn that the read models have their events: given by the composition root, which knows the projections. */
export type ProjectionsFor = (notifier: Notifier) => ProjectionProgress;

/** A module that provides NOTIFIER (src/realtime's socket.io gateway): core knows the port, not the gateway. */
export type NotifierModule = NonNullable<ModuleMetadata['imports']>[number];

/** Config, engines (ports), projections and command execution, for every feature module. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(
    config: AppConfig,
    engines: Engines,
    logger: Logger,
    projections: ProjectionsFor,
    notifier: NotifierModule,
  ): DynamicModule {
    return {
      module: CoreModule,
      imports: [notifier],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: ENGINES, useValue: engines },
        { provide: LOGGER, useValue: logger },
        { provide: EVENT_STORE, useValue: engines.eventStore },
        { provide: READ_STORE, useValue: engines.readStore },
        { provide: FILE_STORE, useValue: engines.files },
        { provide: MAILER, useValue: engines.mailer },
        { provide: REDIS, useValue: engines.redis },
        { provide: CLOCK, useValue: systemClock },
        { provide: POSITION_TOKENS, useValue: new PositionTokens(config.sessionSecret) },
        { provide: PROJECTION_PROGRESS, inject: [NOTIFIER], useFactory: (notifier: Notifier) => projections(notifier) },
        ProjectionsHost,
        Aggregates,
      ],
      exports: [
        APP_CONFIG,
        ENGINES,
        LOGGER,
        EVENT_STORE,
        READ_STORE,
        FILE_STORE,
        MAILER,
        REDIS,
        CLOCK,
        POSITION_TOKENS,
        PROJECTION_PROGRESS,
        Aggregates,
      ],
    };
  }
}
