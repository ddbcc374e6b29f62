import fs from 'node:fs';

/**
 * CPU-seconds this process has used: user + system time of all its threads (the face engine's workers included) plus
 * that of its reaped children (ffmpeg). It moves far less with the machine's load than wall-clock time does, so it is
 * the face benchmarks' measure of what a check costs.
 */
export function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6 + childrenCpu();
}

/** Reaped children's CPU seconds, from /proc: fields 16 and 17 of /proc/self/stat, in clock ticks. */
export function childrenCpu(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
