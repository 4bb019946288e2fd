import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { fallbackLogger, type Logger } from '../logger.ts';

/** One live event for some users' open streams (GET /api/events). */
export interface LiveMessage {
  userIds: string[];
  event: 'notification' | 'match' | 'ranked-list';
  data: unknown;
  /** The SSE id (notification events: the notification's seq, for Last-Event-ID resume). */
  id?: string;
}

/**
 * How live events travel from whoever produced them (a worker, an API process) to the API
 * processes holding the streams: Redis pub/sub when REDIS_URL is set, in process otherwise.
 * Publishing never throws: a live event is a convenience, the notification is in the database.
 */
export interface LiveBus {
  /** Several messages go as one (one Redis PUBLISH): an athlete job may change many lists. */
  publish(message: LiveMessage | LiveMessage[]): Promise<void>;
  subscribe(listener: (message: LiveMessage) => void): () => void;
  close(): Promise<void>;
}

export function createInProcessLiveBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      for (const m of [message].flat()) emitter.emit('message', m);
    },
    subscribe(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub: one channel per deployment (the queue prefix). The subscriber connection is
 * opened only when a process first subscribes (API processes), so workers hold one connection.
 */
export function createRedisLiveBus(redisUrl: string, prefix: string, log: Logger = fallbackLogger): LiveBus {
  const channel = `${prefix}:live`;
  const publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2000, lazyConnect: true });
  publisher.on('error', () => {});
  let subscriber: Redis | null = null;
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let warned = false;
  return {
    async publish(message) {
      if (Array.isArray(message) && message.length === 0) return;
      try {
        if (publisher.status === 'wait') await publisher.connect();
        await publisher.publish(channel, JSON.stringify(message));
        warned = false;
      } catch (error) {
        if (!warned)
          log.warn(`[live] publish failed (streams miss this event; clients catch up on reconnect): ${error instanceof Error ? error.message : String(error)}`);
        warned = true;
      }
    },
    subscribe(listener) {
      if (!subscriber) {
        subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
        subscriber.on('error', () => {});
        subscriber.on('message', (_channel: string, raw: string) => {
          try {
            for (const m of [JSON.parse(raw) as LiveMessage | LiveMessage[]].flat()) local.emit('message', m);
          } catch {
            /* not ours */
          }
        });
        void subscriber.subscribe(channel).catch(() => {});
      }
      local.on('message', listener);
      return () => local.off('message', listener);
    },
    async close() {
      local.removeAllListeners();
      subscriber?.disconnect();
      publisher.disconnect();
    },
  };
}
