/** The backup and restore commands' progress bar: drawn on a terminal only. */
import cliProgress from "cli-progress";
import type { Progress } from "../server/backup/archive";

export function terminalProgress(): Progress | undefined {
  if (!process.stdout.isTTY) return undefined;
  let bar: cliProgress.SingleBar | undefined;
  return {
    start(label, total) {
      bar = new cliProgress.SingleBar(
        { format: `${label.padEnd(9)} [{bar}] {percentage}% {value}/{total} {duration_formatted}` },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0);
    },
    advance(by) {
      bar?.increment(by);
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}
