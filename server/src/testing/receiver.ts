import { createServer, type IncomingHttpHeaders } from 'node:http';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * A webhook receiver or fake LRS on 127.0.0.1 for tests: it keeps every request and answers what `answer` says
 * (200 by default). `hold` keeps the next request unanswered (a receiver that hangs), so a test can kill the sender
 * mid-delivery.
 */
export const startReceiver = async () => {
  const received: Received[] = [];
  const answers: { status: number; location?: string }[] = [];
  const waiting: (() => void)[] = [];
  let holdNext = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      for (const wake of waiting.splice(0)) wake();
      if (holdNext > 0) {
        holdNext--;
        return;
      }
      const answer = answers.shift() ?? { status: 200 };
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end(answer.status < 300 ? '{"ok":true}' : '{"ok":false}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** The next requests are answered with these statuses, in order (then 200). */
    answerWith: (...statuses: ({ status: number; location?: string } | number)[]) => {
      answers.push(...statuses.map((s) => (typeof s === 'number' ? { status: s } : s)));
    },
    hold: (count = 1) => {
      holdNext += count;
    },
    /** Resolves once `count` requests have arrived in all. */
    waitFor: async (count: number, ms = 10_000) => {
      const by = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > by) throw new Error(`Only ${received.length} of ${count} requests arrived`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
