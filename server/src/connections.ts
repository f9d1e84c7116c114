import { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';

/** How long a refused request's remaining body is read and thrown away before its socket is cut. */
export const LINGER_MS = 5000;

const hasBody = (incoming: IncomingMessage) =>
  incoming.headers['transfer-encoding'] !== undefined || Number(incoming.headers['content-length'] ?? 0) > 0;

/**
 * Closes a connection whose request body is still on the wire without resetting it. Node closes a
 * `Connection: close` socket right after the response (destroySoon); with the client's unread bytes still
 * arriving, the kernel answers them with a reset, and a client still sending its body may lose the
 * response it was about to read. Instead: half-close after the response, read and discard what the client
 * still sends (at most LINGER_MS), and close once it has finished.
 */
const lingerOnClose = (incoming: IncomingMessage) => {
  const socket = incoming.socket;
  let lingering = false;
  socket.destroySoon = () => {
    if (lingering || socket.destroyed) return;
    lingering = true;
    const close = () => {
      clearTimeout(timer);
      if (socket.writableFinished) socket.destroy();
      else socket.once('finish', () => socket.destroy());
    };
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    // Whoever started reading the body (a web stream that paused it) is gone: let the bytes flow to nowhere.
    incoming.removeAllListeners('data');
    incoming.resume();
    if (socket.writable) socket.end();
    if (incoming.readableEnded) close();
    else {
      incoming.once('end', close);
      incoming.once('error', close);
      socket.once('end', close);
    }
  };
};

/**
 * Early refusals (413 from the body limit, an upload refused for its signature, type or size, a 404 for a
 * body sent to an unknown route) answer before the body has been read. Such a connection cannot be reused:
 * the rest of the body would be read as the next request. So the answer says `Connection: close` and the
 * socket is closed cleanly after it, instead of being cut under a client that believes it is kept alive.
 */
export const closeUnreadBodies: MiddlewareHandler = async (c, next) => {
  await next();
  const { incoming, outgoing } = (c.env ?? {}) as Partial<HttpBindings>;
  // app.request() in tests has no socket.
  if (!(incoming instanceof IncomingMessage) || !outgoing || outgoing.headersSent) return;
  if (!hasBody(incoming) || incoming.readableEnded) return;
  // Set on Node's response, which merges it into the headers Hono writes (a Response's may be immutable).
  outgoing.setHeader('connection', 'close');
  lingerOnClose(incoming);
};
