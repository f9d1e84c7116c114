// `pnpm dev`: the API server with reload (:3000), the dashboard's Vite dev server (:5173, forwarding /api
// to :3000) and the Astro site's dev server (:4321). Ctrl-C stops all three.
import { spawn } from 'node:child_process';

const tasks = [
  { name: 'server', args: ['--filter', '@coach/server', 'dev'] },
  { name: 'dashboard', args: ['--filter', '@coach/dashboard', 'dev'] },
  { name: 'site', args: ['--filter', '@coach/marketplace', 'dev'] },
];

const children = tasks.map(({ name, args }) => {
  // The developer's own machine: the outbox's web view is on (loopback only) unless DEV_OUTBOX=0, and passkeys
  // work on the dashboard's dev server too (its origin is not the API's).
  const env = {
    ...process.env,
    DEV_OUTBOX: process.env.DEV_OUTBOX ?? '1',
    WEBAUTHN_ORIGINS: process.env.WEBAUTHN_ORIGINS ?? 'http://localhost:5173',
  };
  const child = spawn('pnpm', args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const prefix = `[${name}] `;
  const relay = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) out.write(`${prefix}${line}\n`);
    });
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  child.on('exit', (code) => {
    if (code && code !== 0) console.error(`${prefix}exited with code ${code}`);
  });
  return child;
});

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
