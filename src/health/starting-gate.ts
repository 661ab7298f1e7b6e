import type { NextFunction, Request, Response } from 'express';

/** How long a client waits before it asks again while the server starts. */
const RETRY_AFTER_SECONDS = 10;

/**
 * What the server answers between listening and having started: a first start on a long log builds every read model
 * from it first, which takes minutes, and a server that did not listen meanwhile looked dead to its operator and to a
 * load balancer. Until `open()`, /healthz answers 503 `{ status: "starting", building: "N %" }`, a page a browser
 * asks for says how far it is and reloads itself, and every other request gets a 503 whose message says when to
 * try again. `percent`: how far the projections are (null: not building, e.g. a moment before they begin).
 */
export function startingGate(percent: () => number | null) {
  let open = false;
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (open) return next();
    const done = percent();
    res.status(503).setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.setHeader('Cache-Control', 'no-store');
    if (req.path === '/healthz') return res.json({ status: 'starting', building: `${done ?? 0} %` });
    const state =
      done === null
        ? 'CrewClock is starting up.'
        : `CrewClock is starting up: its records are being prepared (${done} % done).`;
    if (req.method === 'GET' && !req.path.startsWith('/api/') && req.accepts(['json', 'html']) === 'html')
      return res.type('html').send(page(state));
    res.json({ success: false, errors: [`${state} Try again in ${done === null ? 'a moment' : 'a minute'}.`] });
  };
  return {
    middleware,
    open: () => {
      open = true;
    },
  };
}

const page = (state: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>CrewClock is starting</title>
</head>
<body style="font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f8f9fa; color: #212529">
<main style="max-width: 28rem; padding: 1.5rem; text-align: center">
<h1 style="font-size: 1.25rem; margin: 0 0 0.75rem">CrewClock is starting</h1>
<p style="margin: 0 0 0.5rem">${state}</p>
<p style="margin: 0; color: #495057">This page reloads by itself.</p>
</main>
</body>
</html>
`;
