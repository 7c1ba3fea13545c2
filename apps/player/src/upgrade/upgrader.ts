import type { OtaReportRequest, PlayerUpgrade } from '@vitrine/contract';
import { buildUrl, downloadCacheName, dropBuild, dropDownloads, keepBuild } from './builds';
import type { Download } from './download';
import { failureReport, UpgradeFailed } from './failed';
import { unpackPackage, verifyPackage } from './package';
import type { Pin } from './pin';

// The browser player's side of an upgrade (docs/ota.md "The browser player's upgrade"): a
// mandatory offer is downloaded, checked, unpacked into Cache Storage and tried in a hidden frame;
// a healthy trial pins the new build and switches to it, anything else is reported as failed and
// the screen plays on as it was. Loaded (with the download and the package's code) only when a
// mandatory offer comes: most pages never need it.

export type UpgraderOptions = {
  /** The version this page runs. */
  version: string;
  /** The kept build this page runs (null: the shipped one), the one to go back to. */
  running: string | null;
  storage: () => CacheStorage | null;
  /** Downloads the offer's package into Cache Storage (downloadPackage), going on from what is kept. */
  download: (upgrade: PlayerUpgrade, storage: CacheStorage, signal: AbortSignal) => Promise<Download>;
  report: (report: OtaReportRequest) => Promise<void>;
  /** Resolves when the build at this URL came up healthy; rejects with the reason otherwise. */
  trial: (url: string, version: string, signal: AbortSignal) => Promise<void>;
  savePin: (pin: Pin) => void;
  /** Leaves this page for the new build's (buildUrl(version)). */
  switchTo: (version: string) => void;
};

export class Upgrader {
  private job: { planId: number; version: string; abort: AbortController } | null = null;
  // Plans this page failed: not tried again until the plan offers them anew (retry makes a new offer).
  private readonly failed = new Set<number>();

  constructor(private readonly options: UpgraderOptions) {}

  /** Whether a downloaded build is being tried (its frame holds the screen's socket meanwhile). */
  get trying(): boolean {
    return this.job !== null;
  }

  /**
   * The offer in the screen's latest state. A mandatory one starts (once); an optional one waits
   * for the operator's "Install now"; none (paused, cancelled, done) stops what is under way.
   * Without a mandatory offer no download is wanted: what one kept goes (the one under way when
   * the offer went, and what a failed try left to go on from).
   */
  offer(upgrade: PlayerUpgrade | null): void {
    if (this.job && this.job.planId !== upgrade?.plan_id) this.stop();
    if (!upgrade) this.failed.clear();
    if (!upgrade?.mandatory) {
      const storage = this.options.storage();
      if (storage && !this.job) void dropDownloads(storage).catch(() => {});
      return;
    }
    if (this.job || this.failed.has(upgrade.plan_id)) return;
    // This page is that version: it reports `installed` itself once healthy.
    if (upgrade.version === this.options.version) return;
    const abort = new AbortController();
    this.job = { planId: upgrade.plan_id, version: upgrade.version, abort };
    void this.install(upgrade, abort.signal);
  }

  private stop(): void {
    this.job?.abort.abort();
    this.job = null;
  }

  private async install(upgrade: PlayerUpgrade, signal: AbortSignal): Promise<void> {
    const { plan_id, version } = upgrade;
    const storage = this.options.storage();
    const dropDownload = async () => (storage ? storage.delete(downloadCacheName(upgrade.md5)) : false);
    try {
      if (!storage) {
        throw new UpgradeFailed(
          'no_storage',
          {},
          'This screen cannot keep an upgrade: Cache Storage needs HTTPS.',
        );
      }
      await this.report({ plan_id, state: 'downloading' });
      const download = await this.options.download(upgrade, storage, signal);
      try {
        verifyPackage(download.md5, upgrade.md5, download.serverMd5);
      } catch (error) {
        // Wrong bytes: nothing of them is worth going on from.
        await dropDownload();
        throw error;
      }
      if (signal.aborted) throw new UpgradeFailed('withdrawn', {}, 'The upgrade was withdrawn.');
      await this.report({ plan_id, state: 'installing' });
      // Unpacked from its pieces a file at a time; kept or refused, the download is done with.
      try {
        await keepBuild(storage, version, unpackPackage(download.pieces()));
      } finally {
        await dropDownload();
      }
      if (signal.aborted) throw new UpgradeFailed('withdrawn', {}, 'The upgrade was withdrawn.');
      await this.options.trial(buildUrl(version, 'index.html?trial=1'), version, signal);
      this.options.savePin({ version, previous: this.options.running, plan_id, healthy: false, boots: 0 });
      this.options.switchTo(version);
    } catch (error) {
      if (storage && version !== this.options.running) await dropBuild(storage, version).catch(() => false);
      // The offer went (paused, cancelled, done): what was downloaded goes too.
      if (signal.aborted) {
        await dropDownload().catch(() => false);
        return;
      }
      this.failed.add(plan_id);
      const failure =
        error instanceof UpgradeFailed
          ? error.report
          : failureReport(
              'not_installed',
              { version, error: String(error).slice(0, 200) },
              `Version ${version} could not be installed: ${String(error)}`,
            );
      if (this.job?.abort.signal === signal) this.job = null;
      await this.report({ plan_id, state: 'failed', ...failure });
    }
  }

  /** A report lost (offline, or a step the server already has) does not stop the upgrade. */
  private async report(report: OtaReportRequest): Promise<void> {
    await this.options.report(report).catch(() => {});
  }
}
