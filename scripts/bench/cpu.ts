import { readFileSync } from 'node:fs';

/**
 * CPU time per request, the figure beside each load row's latencies: how much of the machine a call costs, which
 * the host's unevenness does not move the way it moves a p99 (a stall of the host delays requests but spends no CPU
 * of ours). It is the machine's busy time over the run less the load generator's own: the server, its database and
 * the kernel's work for them. Read from the root control group's CPU accounting, in nanoseconds (cgroup v1's
 * cpuacct.usage, or v2's cpu.stat), else from /proc/stat's ticks of 10 ms: those sample the CPUs, and here gave a
 * cached search 0.00 ms a request. Imported by the load generator too, so Node's own type stripping must run it: no
 * TypeScript beyond types.
 */
const readMs: (() => number | null)[] = [
  () => Number(readFileSync('/sys/fs/cgroup/cpuacct/cpuacct.usage', 'utf8')) / 1e6,
  () =>
    Number(/^usage_usec (\d+)$/m.exec(readFileSync('/sys/fs/cgroup/cpu.stat', 'utf8'))?.[1] ?? Number.NaN) /
    1e3,
  () => {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    // user, nice, system, irq, softirq; never idle, iowait or steal. USER_HZ is 100.
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = cpu
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq) * 10;
  },
];

/** The first source this machine has, found once. */
const source = readMs.find((read) => {
  try {
    return Number.isFinite(read());
  } catch {
    return false;
  }
});

const machineBusyMs = (): number | null => (source ? source() : null);

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

/**
 * The time the hypervisor ran something else on this machine's CPUs while they had work ("steal" in /proc/stat,
 * ticks of 10 ms, summed over the CPUs). On this VM a run with steal is a run the host slowed: its p99 says more
 * about the host than about the server. Null where /proc/stat has no such column.
 */
const stealMs = (): number | null => {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    const steal = cpu.trim().split(/\s+/)[8];
    return steal === undefined ? null : Number(steal) * 10;
  } catch {
    return null;
  }
};

/** Starts measuring; the function it returns gives the run's "steal ms" ('-' where the machine does not say). */
export const stealMeter = () => {
  const start = stealMs();
  return (): string => {
    const end = stealMs();
    return start === null || end === null ? '-' : String(end - start);
  };
};
