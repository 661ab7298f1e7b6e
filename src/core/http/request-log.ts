import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { redactHeaders, redactUrl } from './redact-url';

type Level = 'info' | 'warn' | 'error';

/** A request that got an answer logs at info, a refusal (4xx) at warn, a failure (5xx) at error. */
function levelOf(status: number): Level {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/**
 * One line per request when it ends (the health check's polls excepted), at the level its answer calls for. A level
 * that drops a line spends nothing on it: only a listener is added per request, and the request is read and written out
 * only when its level is on (pino-http made two child loggers per request whatever the level, 0.14 ms of a command's
 * CPU, issue #45, and logged every answer at info, refusals and failures included). Reset, feedback and booking links
 * are keys: their secrets never reach the log, nor the Referer that a page opened from one sends.
 */
export function requestLog(logger: Logger) {
  return (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: () => void): void => {
    if (req.url === '/healthz') return next();
    const started = Date.now();
    const ended = () => {
      res.removeListener('finish', ended);
      res.removeListener('close', ended);
      const level = levelOf(res.statusCode);
      if (!logger.isLevelEnabled(level)) return;
      const completed = !req.readableAborted && res.writableEnded;
      logger[level](
        {
          req: {
            method: req.method,
            url: redactUrl(req.originalUrl ?? req.url ?? ''),
            headers: redactHeaders(req.headers),
            remoteAddress: req.socket?.remoteAddress,
          },
          res: { statusCode: res.statusCode },
          responseTime: Date.now() - started,
        },
        completed ? 'request completed' : 'request aborted',
      );
    };
    res.on('finish', ended);
    res.on('close', ended);
    next();
  };
}
