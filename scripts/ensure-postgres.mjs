// The server suite also runs on PostgreSQL (127.0.0.1:5432, trust auth on these machines, or TEST_PG_URL).
// Starts the local cluster when it is installed but down; otherwise says what the suite needs.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';

const url = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const port = Number(url.port || 5432);
const listening = () =>
  new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

if (!(await listening())) {
  const clusters = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  const version = clusters.sort().at(-1);
  if (!version) {
    console.error(`PostgreSQL is not listening on ${url.host} and no local cluster was found.`);
    console.error(
      'Install it (apt-get install -y postgresql) or point TEST_PG_URL at a server with trust auth.',
    );
    process.exit(1);
  }
  console.log(`Starting the local PostgreSQL ${version} cluster for the server suite...`);
  execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, { stdio: 'inherit' });
  for (let i = 0; i < 30 && !(await listening()); i++) await new Promise((r) => setTimeout(r, 1000));
}
