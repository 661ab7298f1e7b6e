import { Controller, Get, Inject, Logger, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { BlockList, isIP } from 'node:net';
import { APP_CONFIG, AppConfig } from '../config/config';
import { PROJECTION_PROGRESS, ProjectionProgress } from '../core/commands/aggregates';
import { EVENT_STORE, EventStore, comparePositions } from '../core/event-store/event-store.port';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { engineNames } from '../core/engines';
import { Public } from '../identity/current-user';

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);

@ApiTags('Operations')
@Controller()
export class HealthController {
  private readonly logger = new Logger('Health');

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.internal = internalCallers(config.internalAddresses);
    this.engines = engineNames(config);
  }

  /** Which engine serves each port (PostgreSQL, SQLite, …), for operators. */
  private readonly engines: ReturnType<typeof engineNames>;

  /** Loopback and INTERNAL_ADDRESSES: who may read the details (log positions, projection progress). */
  private readonly internal: BlockList;

  @Public()
  @Get('healthz')
  @ApiOperation({
    summary:
      'Healthy or not: 200 with { status: "ok" }, 503 with { status: "unavailable" }. Internal callers (loopback, INTERNAL_ADDRESSES) also get the engines, the event store and read store checks, projection lag and read models of the past still building.',
  })
  async health(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const check = async <T>(probe: () => Promise<T>) => {
      try {
        return { ok: true as const, value: await within(probe(), 2000) };
      } catch (error) {
        // The raw error (hosts, paths, driver text) goes to the log, never to an anonymous caller.
        this.logger.error(`health check failed: ${error instanceof Error ? error.message : String(error)}`);
        return { ok: false as const, error: 'unavailable' };
      }
    };
    const head = await check(() => this.events.headPosition());
    const read = await check(() => this.store.ping());
    const processed = await check(() => this.progress.processed());
    const building = await check(async () => (await this.progress.building?.()) ?? []);
    const headPosition = head.ok ? head.value : null;
    const processedPosition = processed.ok ? processed.value : null;
    const caughtUp =
      headPosition === null || (processedPosition !== null && comparePositions(processedPosition, headPosition) >= 0);
    const healthy = head.ok && read.ok && processed.ok;
    response.status(healthy ? 200 : 503);
    // The log's positions count every organization's events: the whole system's activity, for operators only.
    if (!isInternal(this.internal, request.ip)) return { status: healthy ? 'ok' : 'unavailable' };
    return {
      status: healthy ? 'ok' : 'unavailable',
      engines: this.engines,
      eventStore: head.ok ? 'ok' : head.error,
      readStore: read.ok ? 'ok' : read.error,
      projections: {
        caughtUp,
        headPosition: headPosition?.commit ?? null,
        processedPosition: processedPosition?.commit ?? null,
        lag: headPosition ? Math.max(0, headPosition.commit - (processedPosition?.commit ?? 0)) : 0,
        // Read models of the past an upgrade is building in the background (their reads answer 503 until done).
        building: building.ok ? building.value : [],
      },
    };
  }
}

function internalCallers(addresses: string[]): BlockList {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  for (const entry of addresses) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/** The caller's address (the client's as TRUST_PROXY allows it), an IPv4-mapped IPv6 one read as IPv4. */
function isInternal(list: BlockList, ip: string | undefined): boolean {
  if (!ip) return false;
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
