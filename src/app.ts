import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import type { AppConfig } from './config/config';
import { openEngines, Engines } from './core/engines';
import { refuseDeepBodies } from './core/http/body-depth';
import { precompressedAssets } from './core/http/precompressed';
import { DomainExceptionFilter } from './core/http/domain-exception.filter';
import { requestLog } from './core/http/request-log';
import { validationPipe } from './core/http/validation';
import { createLogger, PinoNestLogger } from './core/logging';
import { seedDemoOrganization } from './demo-seed';
import { CSRF_HEADER, SESSION_COOKIE, sessionCookieName } from './identity/session-tokens';
import { SessionResolver } from './identity/sessions.service';
import { startingGate } from './health/starting-gate';
import { PROJECTION_PROGRESS, ProjectionProgress } from './core/commands/aggregates';
import { Realtime } from './realtime/realtime.service';

export interface RunningApp {
  app: NestExpressApplication;
  url: string;
  engines: Engines;
  /** Lines to print for the demo organization when this start created it. */
  demoSignIns: string[] | null;
  close(): Promise<void>;
}

const CLIENT_DIST = resolve(__dirname, '../../client/dist');
/** Paths the SPA never owns: the API, sockets, docs and health. */
const SERVER_ONLY = /^\/(api|socket\.io|healthz|calendar)(\/|$)/;
/** The installable app's files that name its version (client/vite.config.ts): never served from a cache unasked. */
const ASKED_EVERY_TIME = /^(sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest|index\.html)$/;

/** In production the API description is for signed-in people only: it maps every route for an attacker too. */
function docsNeedSession(app: NestExpressApplication, config: AppConfig) {
  if (config.nodeEnv !== 'production') return;
  const sessions = app.get(SessionResolver);
  app.use('/api/docs', (req: express.Request, res: express.Response, next: express.NextFunction) => {
    sessions.resolve(req.cookies?.[sessionCookieName(config.publicUrl)], new Date(), true).then((user) => {
      if (user) return next();
      res.status(401).json({ success: false, errors: ['Please sign in to read the API description.'] });
    }, next);
  });
}

function openApi(app: NestExpressApplication) {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('CrewClock API')
      .setDescription(
        [
          'Workforce scheduling and time tracking.',
          '',
          `**Sessions.** Sign in with \`POST /account/login\`; the server sets the HttpOnly cookie \`${SESSION_COOKIE}\` (\`__Host-${SESSION_COOKIE}\` over https).`,
          '',
          `**CSRF.** Every state-changing request (POST, PUT, PATCH, DELETE) of a signed-in user must send the header \`X-CSRF-Token\`. Get its value from \`GET /api/session\` (field \`csrfToken\`); it is valid for the life of the session. Sign-in and password-reset calls need no token; their Origin is checked instead.`,
          '',
          '**Command ids.** A state-changing request may send `X-Command-Id` (a UUID made for that command) and `X-Device-Time` (an ISO instant with its offset: when the person acted, for a command sent later). The same id sent again by the same person gets the first answer again, with `X-Command-Replayed: 1`, and changes nothing; while the first is still running, a 409 with `Retry-After`.',
          '',
          'Errors: every 4xx answer is `{ "success": false, "errors": ["first message, for a person", …] }`.',
        ].join('\n'),
      )
      .setVersion('1')
      .addCookieAuth(SESSION_COOKIE)
      .addApiKey({ type: 'apiKey', in: 'header', name: CSRF_HEADER }, 'csrf')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
}

/** Builds the whole API on the configured engines; tests, `make start` and production all use it. */
export async function createApp(
  config: AppConfig,
  options: { logger?: Logger; engines?: Engines } = {},
): Promise<RunningApp> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const engines = options.engines ?? (await openEngines(config, (line) => logger.info(line)));
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, engines, logger), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  // Express hashes every JSON answer for a weak ETag that no client of ours sends back (the query cache
  // refetches on push): a week view's 1,200 entries spent ~15% of its time there. Static files keep theirs.
  app.set('etag', false);
  // Who the client is comes from the connection unless TRUST_PROXY names the proxies in front of us.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // A level that logs no request (silent, fatal) adds nothing to one; see requestLog for the others.
  if (logger.isLevelEnabled('error')) app.use(requestLog(logger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine sets style attributes and CSS variables at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: config.publicUrl.startsWith('https://'),
    }),
  );
  // Until it has started, the server answers /healthz with how far it is, and everything else with a 503.
  const progress = app.get<ProjectionProgress>(PROJECTION_PROGRESS);
  const gate = startingGate(() => progress.starting?.() ?? null);
  app.use(gate.middleware);
  // Answers of the API and the account routes are a person's data: no browser or proxy cache keeps them (a shared
  // computer's back button, a proxy's disk). A route that may be cached (a logo, a picture) sets its own header.
  app.use(['/api', '/account'], (_req: express.Request, res: express.Response, next: express.NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(cookieParser());
  app.use(express.json({ limit: '1mb' }));
  app.use(refuseDeepBodies);
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.useGlobalFilters(new DomainExceptionFilter());
  app.useGlobalPipes(validationPipe);
  app.enableShutdownHooks();
  docsNeedSession(app, config);
  openApi(app);

  const client = config.clientDir ?? CLIENT_DIST;
  if (existsSync(client)) {
    const assets = precompressedAssets(client);
    const files = express.static(client, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, path) => {
        if (path.includes(`${join('assets', '')}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        // The service worker, its manifest and the shell it precaches name the version: asked again every time.
        else if (ASKED_EVERY_TIME.test(basename(path))) res.setHeader('Cache-Control', 'no-cache');
      },
    });
    // The server's own paths are never the client's files: no look at the disk for them (express.static stat'ed it on
    // every API request, issue #45 item 3).
    app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (SERVER_ONLY.test(req.path)) return next();
      assets(req, res, (error?: unknown) => (error ? next(error) : files(req, res, next)));
    });
    // Every other GET that is not the API's is a screen of the single-page client.
    app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (req.method !== 'GET' || SERVER_ONLY.test(req.path) || !req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(client, 'index.html'));
    });
  }

  // Listening before init: init starts the projections, and a first start on a long log builds every read model then.
  const server = app.getHttpServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  let demoSignIns: string[] | null = null;
  try {
    await app.init();
    app.get(Realtime).attach(server);
    if (config.seedDemo && (await engines.eventStore.headPosition()) === null) {
      demoSignIns = await seedDemoOrganization(app.get(CommandBus));
    }
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  gate.open();
  const { port } = server.address() as AddressInfo;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    engines,
    demoSignIns,
    async close() {
      await app.close();
      await engines.close();
    },
  };
}
