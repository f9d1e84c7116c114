import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { constants } from 'node:os';

/** How long requests in flight may take to finish once shutdown starts, before their sockets are cut. */
export const GRACE_MS = 8000;
/** The whole stop (requests, site build, database) must be done by then, or the process exits anyway. */
export const HARD_DEADLINE_MS = 9500;
/** Keep-alive sockets that turned idle during shutdown are closed this often. */
const SWEEP_MS = 100;

export type ShutdownReport = {
  /** Requests being answered when shutdown started. */
  inFlight: number;
  /** Connections still open at the grace deadline, destroyed then. */
  forced: number;
  ms: number;
};

/**
 * Graceful stop for a Node HTTP server. Requests already received are answered, each answer says
 * `Connection: close` so no keep-alive socket goes back to waiting for another request, idle keep-alive
 * sockets are closed at once (after reading what is already in them), no new connection is accepted, and what
 * is still open after graceMs is cut.
 */
export const gracefulServer = (server: Server, { graceMs = GRACE_MS }: { graceMs?: number } = {}) => {
  const inFlight = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  let stopping: Promise<ShutdownReport> | null = null;
  let draining = false;

  // Before the app's listener, so a request that arrives during shutdown is marked before it is answered.
  server.prependListener('request', (_req, res) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (stopping || draining) res.setHeader('connection', 'close');
  });

  /**
   * The drain before a stop: the server still accepts and answers, but each answer says `Connection: close`, so
   * clients and proxies open their next request elsewhere while the health check already says not-ready.
   */
  const drain = () => {
    draining = true;
  };

  const shutdown = () => {
    stopping ??= new Promise<ShutdownReport>((resolve) => {
      const started = Date.now();
      const report: ShutdownReport = { inFlight: inFlight.size, forced: 0, ms: 0 };
      // Node writes this merged into the headers the app sets.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      const force = setTimeout(() => {
        report.forced = sockets.size;
        server.closeAllConnections();
      }, graceMs);
      let sweep: NodeJS.Timeout | undefined;
      let closed = false;
      // Stop accepting, but do not let close() drop the idle keep-alive sockets in the same breath, as Node's
      // does: a request a client has already sent on one may be waiting, unread, in the socket. One full turn
      // of the event loop reads it, which makes that socket busy, so it is answered instead of reset.
      const closeIdle = server.closeIdleConnections;
      server.closeIdleConnections = () => {};
      try {
        server.close(() => {
          closed = true;
          clearInterval(sweep);
          clearTimeout(force);
          report.ms = Date.now() - started;
          resolve(report);
        });
      } finally {
        server.closeIdleConnections = closeIdle;
      }
      setImmediate(() =>
        setImmediate(() => {
          if (closed) return;
          server.closeIdleConnections();
          // Answers that had started before the shutdown said keep-alive: their sockets are closed once idle.
          sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
        }),
      );
    });
    return stopping;
  };

  return { shutdown, drain, stopping: () => stopping !== null };
};

/**
 * SIGTERM / SIGINT: stop gracefully and exit 0; a second signal, or a stop that overruns the deadline, exits
 * at once (128 + the signal's number, or 1).
 */
export const exitOnSignals = ({
  stop,
  deadlineMs = HARD_DEADLINE_MS,
  exit = (code: number) => process.exit(code),
  log = (line: string) => console.log(line),
  signals = process,
}: {
  stop: () => Promise<unknown>;
  deadlineMs?: number;
  exit?: (code: number) => void;
  log?: (line: string) => void;
  /** Where the signals come from (tests pass an emitter of their own). */
  signals?: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
}) => {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now`);
      exit(128 + (constants.signals[signal] ?? 0));
      return;
    }
    stopping = true;
    log(`${signal}: finishing the requests in flight, then stopping`);
    const watchdog = setTimeout(() => {
      log(`Not stopped after ${deadlineMs} ms: exiting now`);
      exit(1);
    }, deadlineMs);
    watchdog.unref();
    stop().then(
      () => {
        clearTimeout(watchdog);
        log('Stopped');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(watchdog);
        console.error('Shutdown failed', error);
        exit(1);
      },
    );
  };
  signals.on('SIGTERM', onSignal);
  signals.on('SIGINT', onSignal);
  return () => {
    signals.off('SIGTERM', onSignal);
    signals.off('SIGINT', onSignal);
  };
};
