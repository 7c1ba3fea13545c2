/**
 * The service worker keeps the player's own files so it starts with the server unreachable.
 * Browsers allow one only in a secure context (HTTPS or localhost); not in development, where
 * Vite serves changing files. A browser package (relative base) registers none: it runs under
 * /player/v/, served by the shipped build's worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !import.meta.env.BASE_URL.startsWith('/')) return;
  if (!window.isSecureContext || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch(() => {
    // Without it the player still runs; it only cannot start offline.
  });
}
