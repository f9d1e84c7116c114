import { readFileSync } from 'node:fs';

/**
 * CPU time per request, the figure beside each load row's latencies: how much of the machine a call costs, which
 * the host's unevenness does not move the way it moves a p99 (a stall of the host delays requests but spends no CPU
 * of ours). It is the machine's busy time over the run less the load generator's own: the server, its database and
 * the kernel's work for them. Read from Linux's /proc/stat (user, nice, system, irq and softirq; never idle, iowait
 * or steal), in ticks of 10 ms (USER_HZ 100) summed over the run's thousands of requests. Imported by the load
 * generator too, so Node's own type stripping must run it: no TypeScript beyond types.
 */
const TICK_MS = 10;

const machineBusyMs = (): number | null => {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = cpu
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq) * TICK_MS;
  } catch {
    return null;
  }
};

const ownMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Starts measuring; the function it returns gives "cpu ms/req" for that many answered requests ('-' off Linux). */
export const cpuMeter = () => {
  const busy = machineBusyMs();
  const own = ownMs();
  return (requests: number): string => {
    const busyNow = machineBusyMs();
    if (busy === null || busyNow === null || requests === 0) return '-';
    return Math.max(0, (busyNow - busy - (ownMs() - own)) / requests).toFixed(2);
  };
};
