import { UpgradeFailed } from './package';

// The trial of a downloaded build: the running page loads it in a hidden full-size frame (same
// origin, so the same paired screen with the same token) while it keeps playing. The build in the
// frame boots as usual and, once healthy, tells its parent; until then nothing on screen changes.

/** What a build on trial posts to the page that loaded it once it is healthy. */
export type TrialMessage = { type: 'vitrine-healthy'; version: string };

/** Whether this page is a build on trial (loaded with ?trial=1 in a frame). */
export const onTrial = (search: string, framed: boolean): boolean =>
  framed && new URLSearchParams(search).get('trial') === '1';

/** Tells the page that loaded this build on trial how it stands. */
export function tellParent(message: TrialMessage): void {
  window.parent.postMessage(message, location.origin);
}

/**
 * Loads `url` (a kept build's page) in a hidden frame and resolves when it says it is healthy
 * within `seconds`; rejects with the reason otherwise (the time ran out, or the trial was aborted). The frame is removed either way: a healthy build is switched to next.
 */
export function runTrial(url: string, version: string, seconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    // Full size, so it lays its screen out as it will run, but neither seen nor in the way.
    frame.style.cssText =
      'position:fixed;inset:0;width:100vw;height:100vh;border:0;opacity:0;pointer-events:none;z-index:-1';
    const end = (failure: string | null) => {
      clearTimeout(timer);
      removeEventListener('message', listen);
      signal.removeEventListener('abort', aborted);
      frame.remove();
      if (failure === null) resolve();
      else reject(new UpgradeFailed(failure));
    };
    const listen = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
      const message = event.data as Partial<TrialMessage> | null;
      if (message?.type === 'vitrine-healthy' && message.version === version) end(null);
    };
    const aborted = () => end('The upgrade was withdrawn.');
    const timer = setTimeout(
      () => end(`Version ${version} did not come up healthy within ${seconds} s.`),
      seconds * 1000,
    );
    addEventListener('message', listen);
    signal.addEventListener('abort', aborted);
    frame.src = url;
    document.body.append(frame);
  });
}
