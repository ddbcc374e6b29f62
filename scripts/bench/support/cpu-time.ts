import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU-seconds this process has used: user + system time of all its threads (the face engine's workers included) plus
 * that of its reaped children (ffmpeg). It moves far less with the machine's load than wall-clock time does, so it is
 * the benchmarks' measure of what a face check costs.
 */
export function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6 + childrenCpu();
}

/** The machine's 1-, 5- and 15-minute load averages, printed beside a benchmark's figures: how much else was running. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Reaped children's CPU seconds: cutime and cstime of /proc/self/stat (Linux; elsewhere 0, the process alone). */
export function childrenCpu(): number {
  const fields = statFields('self');
  return fields ? (Number(fields[13]) + Number(fields[14])) / 100 : 0;
}

/** The CPU seconds another process (a server in a process of its own) has used so far: utime and stime of /proc/PID/stat. */
export function processCpu(pid: number): number {
  const fields = statFields(String(pid));
  if (!fields) throw new Error(`no /proc/${pid}/stat: a process's CPU time is read on Linux only`);
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The fields of /proc/<pid>/stat after the command's closing parenthesis (field 3 of stat(5) is [0]), in clock ticks of 1/100 s; null without /proc. */
function statFields(pid: string): string[] | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
