// The cluster test (e2e/cluster) runs the reference deployment on this machine: nginx in front of the API
// processes and OpenStack Swift (with its S3 API) as the object store, both from Debian's packages. Installs them
// with apt when they are missing and we may; otherwise says exactly what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const tools = [
  { path: '/usr/sbin/nginx', pkg: 'nginx' },
  { path: '/usr/bin/swift-proxy-server', pkg: 'swift-proxy' },
  { path: '/usr/bin/swift-object-server', pkg: 'swift-object' },
  { path: '/usr/bin/swift-container-server', pkg: 'swift-container' },
  { path: '/usr/bin/swift-account-server', pkg: 'swift-account' },
];
const missing = tools.filter((tool) => !existsSync(tool.path)).map((tool) => tool.pkg);
if (missing.length) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`The cluster test needs: sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing Debian ${missing.join(', ')} for the cluster test...`);
  execSync(`apt-get update -qq && apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
}
