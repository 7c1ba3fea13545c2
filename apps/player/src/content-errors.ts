import type { ContentErrorReport } from './render/zone';

/** The same item is reported at most this often: a broken file fails on every pass. */
export const REPORT_EVERY_MS = 10 * 60_000;

/** Sends content errors on, each item's at most once per REPORT_EVERY_MS; a failed send is not retried. */
export class ContentErrorReporter {
  private readonly sentAt = new Map<string, number>();

  constructor(
    private readonly send: (report: ContentErrorReport) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  report(report: ContentErrorReport): void {
    const now = this.now();
    for (const [key, at] of this.sentAt) if (now - at >= REPORT_EVERY_MS) this.sentAt.delete(key);
    if (this.sentAt.has(report.key)) return;
    this.sentAt.set(report.key, now);
    this.send(report).catch(() => {
      // Unreachable or refused: the next failure after the pause reports it again.
    });
  }
}
