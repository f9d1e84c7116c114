import type { MiddlewareHandler } from 'hono';

let pending: string[] = [];
let scheduled = false;
let flushesAtExit = false;

const flush = () => {
  scheduled = false;
  if (pending.length === 0) return;
  const text = pending.join('');
  pending = [];
  process.stdout.write(text);
};

/**
 * A log line, written with the others of the same turn of the event loop in one write. One write per request was
 * one system call each (stdout to a file or a pipe is written synchronously): 4% of a busy server's throughput on
 * a cheap call. Lines still pending when the process exits are written then.
 */
export const logLine = (line: string) => {
  pending.push(line);
  if (scheduled) return;
  if (!flushesAtExit) {
    flushesAtExit = true;
    process.on('exit', flush);
  }
  scheduled = true;
  setImmediate(flush);
};

/**
 * The pages whose path carries a one-time token (a password reset or invitation link, an address check): the log
 * keeps the page, never the token, which would set a password or verify an address for whoever reads the log.
 */
const TOKEN_IN_PATH = /^(\/(?:password\/reset|verify-email)\/)[^/]+/;

/** The path as the log writes it: a one-time token in it replaced by "…". */
export const loggedPath = (path: string) => path.replace(TOKEN_IN_PATH, '$1…');

/**
 * One line per request once it is answered: method, path (without a one-time token), status, milliseconds
 * (docs/configuration.md: LOG_REQUESTS).
 */
export const requestLog: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  await next();
  logLine(
    `${c.req.method} ${loggedPath(c.req.path)} ${c.res.status} ${Math.round(performance.now() - started)}ms\n`,
  );
};
