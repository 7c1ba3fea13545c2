// Types of cluster.mjs for the TypeScript callers (the cluster journey's setup).
import type { LaunchedServer } from './launch.mjs';

type Front = { url: string; version: string; stop: () => Promise<void> };
type Options = { count: number; env: Record<string, string>; workDir: string };
type Cluster<F> = { servers: LaunchedServer[]; logs: string[]; front: F; stop: () => Promise<void> };

export declare function launchCluster(options: Options & { nginx: true }): Promise<Cluster<Front>>;
export declare function launchCluster(options: Options & { nginx?: false }): Promise<Cluster<null>>;
