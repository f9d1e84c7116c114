import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';
import type { AppConfig } from './deps.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Only a request made on this machine, straight to the server: a request relayed by a proxy on loopback
 * carries forwarding headers and is refused, since the proxy may be serving the whole internet.
 */
const fromLoopback = (c: Context) => {
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false;
  try {
    return LOOPBACK.test(getConnInfo(c).remote.address ?? '');
  } catch {
    // app.request() in tests has no socket: nobody is calling from this machine.
    return false;
  }
};

/**
 * The outbox's web view (DEV_OUTBOX=1 only): every stored mail and SMS, reset links and sign-in codes included,
 * so it exists only when the operator switched it on, and answers only callers on this machine. Without it the
 * route does not exist at all (404, like any unknown path); the files stay in DATA_DIR/outbox either way.
 */
export const mountDevOutbox = (app: Hono, config: Pick<AppConfig, 'devOutbox' | 'dataDir'>) => {
  if (!config.devOutbox) return;
  app.get('/dev/outbox', (c) => {
    if (!fromLoopback(c))
      return c.json(
        { success: 0, message: 'The outbox answers only on this machine', code: 'FORBIDDEN' },
        403,
      );
    const dir = path.join(config.dataDir, 'outbox');
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    c.header('cache-control', 'no-store');
    return c.json({
      success: 1,
      message: 'OK',
      response: files.map((name) => ({ name, content: readFileSync(path.join(dir, name), 'utf8') })),
    });
  });
};
