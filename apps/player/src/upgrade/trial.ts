import { UpgradeFailed } from './failed';

// The trial of a downloaded build: the running page loads it in a hidden full-size frame (same
// origin, so the same paired screen with the same token) while it keeps playing. The build in the
// frame boots as usual and, once healthy, tells its parent; until then nothing on screen changes.
// What the page can tell at once ends the trial at once: the frame's page loaded but no player
// started in it (no script, a module that failed to load or threw while loading), or the build
// says it threw while starting. A build that starts and silently never gets healthy has the time
// limit.

/** What a build on trial posts to the page that loaded it: healthy, or threw while starting. */
export type TrialMessage =
  | { type: 'vitrine-healthy'; version: string }
  | { type: 'vitrine-failed'; version: string; error: string };

/** Set on the page's root element by a player build as its code starts running. */
const STARTED = 'vitrineStarted';

/** Marks this page as a player that started (main.ts, first thing): a trial looks for it. */
export function markStarted(version: string): void {
  document.documentElement.dataset[STARTED] = version;
}

/** Whether this page is a build on trial (loaded with ?trial=1 in a frame). */
export const onTrial = (search: string, framed: boolean): boolean =>
  framed && new URLSearchParams(search).get('trial') === '1';

/** Tells the page that loaded this build on trial how it stands. */
export function tellParent(message: TrialMessage): void {
  window.parent.postMessage(message, location.origin);
}

/**
 * On trial, the first error this build throws before it is healthy fails the trial at once (the
 * page that tries it hears why); `healthy` says whether it got there already.
 */
export function failTrialOnError(version: string, healthy: () => boolean): void {
  const threw = (event: ErrorEvent) => {
    if (healthy()) return;
    removeEventListener('error', threw);
    tellParent({ type: 'vitrine-failed', version, error: event.message || String(event.error) });
  };
  addEventListener('error', threw);
}

/**
 * Loads `url` (a kept build's page) in a hidden frame and resolves when it says it is healthy
 * within `seconds`; rejects with the reason otherwise (its page ran no player, it threw while
 * starting, the time ran out, or the trial was aborted). The frame is removed either way: a
 * healthy build is switched to next.
 */
export function runTrial(url: string, version: string, seconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    // Full size, so it lays its screen out as it will run, but neither seen nor in the way.
    frame.style.cssText =
      'position:fixed;inset:0;width:100vw;height:100vh;border:0;opacity:0;pointer-events:none;z-index:-1';
    const end = (failure: UpgradeFailed | null) => {
      clearTimeout(timer);
      removeEventListener('message', listen);
      signal.removeEventListener('abort', aborted);
      frame.removeEventListener('load', loaded);
      frame.remove();
      if (failure === null) resolve();
      else reject(failure);
    };
    const listen = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
      const message = event.data as Partial<TrialMessage> | null;
      if (message?.version !== version) return;
      if (message.type === 'vitrine-healthy') end(null);
      else if (message.type === 'vitrine-failed') {
        const error = String(message.error).slice(0, 200);
        end(
          new UpgradeFailed(
            'threw',
            { version, error },
            `Version ${version} failed while starting: ${error}`,
          ),
        );
      }
    };
    // The page and its scripts have loaded (a module script runs before its page's load event): a
    // player that started marked its page; none did when the build is broken.
    const loaded = () => {
      const document = frame.contentDocument;
      if (!document || document.URL === 'about:blank') return;
      if (document.documentElement.dataset[STARTED] === undefined) {
        end(
          new UpgradeFailed(
            'not_started',
            { version },
            `Version ${version} did not start: its page ran no player.`,
          ),
        );
      }
    };
    const aborted = () => end(new UpgradeFailed('withdrawn', {}, 'The upgrade was withdrawn.'));
    const timer = setTimeout(
      () =>
        end(
          new UpgradeFailed(
            'not_healthy',
            { version, seconds },
            `Version ${version} did not come up healthy within ${seconds} s.`,
          ),
        ),
      seconds * 1000,
    );
    addEventListener('message', listen);
    signal.addEventListener('abort', aborted);
    frame.addEventListener('load', loaded);
    frame.src = url;
    document.body.append(frame);
  });
}
