import cliProgress from 'cli-progress';

/**
 * A progress bar on stderr for the operators' scripts, one phase at a time. Off a terminal (CI, a test, a pipe)
 * cli-progress draws nothing, so the scripts' own summary lines are all that is printed there.
 */
export function terminalProgress() {
  let bar: cliProgress.SingleBar | undefined;
  return {
    start(label: string, total: number) {
      bar = new cliProgress.SingleBar(
        { format: `${label.padEnd(9)} [{bar}] {percentage}% {value}/{total} ETA {eta_formatted}`, hideCursor: true, stream: process.stderr, etaBuffer: 50 },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0);
    },
    tick(n = 1) {
      bar?.increment(n);
    },
    update(value: number, total?: number) {
      if (total !== undefined) bar?.setTotal(total);
      bar?.update(value);
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}
