import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { createApp, RunningApp } from '../../src/app';
import { Engines, openEngines } from '../../src/core/engines';
import { AppConfig, loadConfig } from '../../src/config/config';
import { CreateOrganization, CreateUser } from '../../src/identity/identity.commands';
import type { Role } from '../../src/shared/session';
import type { Logger } from 'pino';
import { createLogger } from '../../src/core/logging';
import { POSITION_TOKENS, PositionTokens } from '../../src/core/position-tokens';
import { EVENT_STORE, type EventStore } from '../../src/core/event-store/event-store.port';

export const TEST_PASSWORD = 'correct-horse-battery';

export interface TestApp extends RunningApp {
  config: AppConfig;
  dataDir: string;
  /** A new organization with a Company Admin, a Customer Manager and an Associate, signed in. */
  organization(name?: string): Promise<TestOrganization>;
  client(): ApiClient;
  /** A log position as the wire gives it to `organizationId`: its opaque token (src/core/position-tokens.ts). */
  positionToken(organizationId: string, position: number): string;
  /** The position a token of `organizationId` stands for (null: not one of its tokens). */
  positionOf(organizationId: string, token: string): number | null;
  /**
   * When → then events: sends the request as `client` with a correlation id of its own, and answers its response with
   * the events that request appended, from the log in its order, as `{ type, streamId, data }` (a process's events
   * that followed, on another correlation, are not among them).
   */
  when(
    client: ApiClient,
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<ApiResponse & { events: AppendedEvent[] }>;
  stop(): Promise<void>;
}

export interface TestOrganization {
  organizationId: string;
  admin: ApiClient & { userId: string; email: string };
  manager: ApiClient & { userId: string; email: string };
  associate: ApiClient & { userId: string; email: string };
}

/** Boots the real app (real engines: SQLite events and read models by default) on a free port with a fresh data folder. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    logger?: Logger;
    /** The engines the app is built on, as a test changes them (a slower log for one reader, say). */
    engines?: (opened: Engines) => Engines;
  } = {},
): Promise<TestApp> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'crewclock-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    SCRYPT_LOG_N: '10',
    SEED_DEMO: 'false',
    ...env,
  });
  const running = await createApp(config, {
    logger: options.logger,
    engines: options.engines ? options.engines(await openEngines(config)) : undefined,
  });
  const app: TestApp = {
    ...running,
    config,
    dataDir,
    client: () => new ApiClient(running.url),
    positionToken: (organizationId, position) =>
      running.app.get<PositionTokens>(POSITION_TOKENS).encode(organizationId, position),
    positionOf: (organizationId, token) =>
      running.app.get<PositionTokens>(POSITION_TOKENS).decode(organizationId, token),
    async when(client, method, path, body) {
      const log = running.app.get<EventStore>(EVENT_STORE);
      const correlationId = randomUUID();
      const head = await log.headPosition();
      const response = await client.request(method, path, body, { 'x-correlation-id': correlationId });
      const events = (await log.readAll(head ? { after: head } : {}))
        .filter((e) => e.metadata.correlationId === correlationId)
        .map(({ type, streamId, data }) => ({ type, streamId, data }));
      return { ...response, events };
    },
    async organization(name = 'Org') {
      const organizationId = randomUUID();
      const adminId = randomUUID();
      const tag = randomUUID().slice(0, 8);
      const email = (role: string) => `${role}-${tag}@example.test`;
      const meta = (actorUserId: string | null) => ({
        organizationId,
        actorUserId,
        correlationId: randomUUID(),
        causationId: null,
        at: new Date().toISOString(),
      });
      const commands = running.app.get(CommandBus);
      await commands.execute(
        new CreateOrganization(
          {
            organizationId,
            name: `${name} ${tag}`,
            timeZone: 'America/New_York',
            admin: {
              userId: adminId,
              firstName: 'Ada',
              lastName: 'Admin',
              email: email('admin'),
              password: TEST_PASSWORD,
            },
          },
          meta(null),
        ),
      );
      const add = async (role: Role, firstName: string) => {
        const { userId } = await commands.execute(
          new CreateUser(
            {
              firstName,
              lastName: role.split(' ')[0],
              email: email(role.replace(' ', '').toLowerCase()),
              role,
              password: TEST_PASSWORD,
            },
            meta(adminId),
            // The fixture's people: no welcome e-mail in every test's outbox.
            false,
          ),
        );
        return userId as string;
      };
      const managerId = await add('Customer Manager', 'Mona');
      const associateId = await add('Associate', 'Abe');
      const signedIn = async (userId: string, address: string) =>
        Object.assign(await new ApiClient(running.url).signIn(address, TEST_PASSWORD), { userId, email: address });
      return {
        organizationId,
        admin: await signedIn(adminId, email('admin')),
        manager: await signedIn(managerId, email('customermanager')),
        associate: await signedIn(associateId, email('associate')),
      };
    },
    async stop() {
      await running.close();
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}

/** An event as a test checks it: its type, its stream and its data. */
export interface AppendedEvent {
  type: string;
  streamId: string;
  data: unknown;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * The shape of every refusal (docs: every 4xx body is `{ success: false, errors: [...] }`): the status, and a body
 * that is exactly `{ success: false, errors }`. `message` is its one message, equal to a string or matching a
 * RegExp; a list names every message in order; absent, any one message.
 */
export function expectError(
  response: ApiResponse,
  status: number,
  message?: string | RegExp | readonly (string | RegExp)[],
) {
  const messages = Array.isArray(message) ? message : [message];
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: {
      success: false,
      errors: messages.map((m) =>
        m instanceof RegExp ? expect.stringMatching(m) : m === undefined ? expect.any(String) : m,
      ),
    },
  });
}

/** A browser-like client: keeps the session cookie and sends the CSRF token on state changes. */
export class ApiClient {
  cookie = '';
  csrfToken = '';

  constructor(readonly baseUrl: string) {}

  async signIn(email: string, password: string, extra: Record<string, unknown> = {}): Promise<this> {
    const response = await this.request('POST', '/account/login', { username: email, password, ...extra });
    // A choice of organization is a 200 too, without a session.
    if (response.status !== 200 || response.body?.success !== true)
      throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
    await this.refreshCsrf();
    return this;
  }

  /**
   * Another client on this one's session (cookie and CSRF token), as another tab of the same browser; at `baseUrl`
   * when the app came back on another address.
   */
  sharingSession(baseUrl = this.baseUrl): ApiClient {
    const tab = new ApiClient(baseUrl);
    tab.cookie = this.cookie;
    tab.csrfToken = this.csrfToken;
    return tab;
  }

  async refreshCsrf(): Promise<void> {
    const session = await this.get('/api/session');
    this.csrfToken = session.body?.csrfToken ?? '';
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body);
  put = (path: string, body?: unknown) => this.request('PUT', path, body);
  delete = (path: string) => this.request('DELETE', path);

  /** multipart/form-data with one file in field `File` (or another field name). */
  async upload(
    method: 'PUT' | 'POST',
    path: string,
    bytes: Buffer,
    fileName = 'image.png',
    field = 'File',
    extra: Record<string, string> = {},
  ) {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)]), fileName);
    for (const [k, v] of Object.entries(extra)) form.append(k, v);
    return this.request(method, path, form);
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse> {
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    if (this.cookie) h.cookie = this.cookie;
    if (method !== 'GET' && this.csrfToken && !('x-csrf-token' in headers)) h['x-csrf-token'] = this.csrfToken;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const send = () => fetch(this.baseUrl + path, { method, headers: h, body: payload, redirect: 'manual' });
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      // A pooled connection the server had closed (an instance killed and started again, or its keep-alive ending
      // that moment) fails as 'other side closed', or as a reset when the kill came mid-read: a browser sends a GET
      // again on a new one, and so does this client.
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (method !== 'GET' || (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET')) throw error;
      response = await send();
    }
    const setCookie = response.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(';');
      const [name, value] = pair.split('=');
      const others = this.cookie.split('; ').filter((p) => p && !p.startsWith(`${name}=`));
      this.cookie = [...others, ...(value ? [`${name}=${value}`] : [])].join('; ');
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : '';
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }
}

/** The smallest valid PNG (1×1), for upload tests. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5fd9a4d0000000049454e44ae426082',
  'hex',
);

/** A small PDF (one empty page), for document upload tests. */
export const TINY_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

/** A logger that keeps every line it writes (parsed), for tests that read the log. */
export function memoryLog(): { logger: Logger; lines: Record<string, any>[]; text(): string } {
  const lines: Record<string, any>[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines, text: () => lines.map((l) => JSON.stringify(l)).join('\n') };
}
