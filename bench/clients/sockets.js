// Shared by the bench clients (plain JavaScript: worker threads load it as it is).
const { io } = require('socket.io-client');

/** A signed-in device's socket, as a browser opens it (no reconnection: a lost socket fails the run). */
function connect(baseUrl, cookie) {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      path: '/socket.io',
      forceNew: true,
      reconnection: false,
      transports: ['websocket'],
      extraHeaders: { cookie },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** A JSON call with the session cookie and CSRF token; throws on anything but 2xx. */
async function call(baseUrl, person, method, path, body) {
  const response = await fetch(baseUrl + path, {
    method,
    headers: { cookie: person.cookie, 'x-csrf-token': person.csrf, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

module.exports = { connect, call };
