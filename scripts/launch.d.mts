// Types of launch.mjs for the TypeScript callers (the Playwright setup).
export declare function freePort(): Promise<number>;
export type LaunchedServer = { url: string; pid: number; kill: () => void; stop: () => Promise<void> };
export declare function launchServer(options: {
  env?: Record<string, string>;
  logFile: string;
  timeoutMs?: number;
  port?: number;
}): Promise<LaunchedServer>;
