import { createAdapter } from '@socket.io/redis-adapter';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';

/**
 * Everything that talks to Redis, so that exactly one file imports its clients: the socket.io
 * adapter (fan-out across API instances), the emitter (pushes from the standalone projections
 * worker) and the connection the login throttle keeps its counters in.
 */
export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false });
}

export function socketIoRedisAdapter(url: string) {
  const pub = redisConnection(url);
  const sub = pub.duplicate();
  return {
    adapter: createAdapter(pub, sub),
    close: async () => {
      pub.disconnect();
      sub.disconnect();
    },
  };
}

export function socketIoRedisEmitter(url: string) {
  const client = redisConnection(url);
  return {
    emitter: new Emitter(client),
    close: async () => {
      client.disconnect();
    },
  };
}

export type RedisClient = Redis;
