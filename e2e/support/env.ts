// What the global setup hands to the journeys (workers inherit the runner's environment).
export const ENV_URL = 'VITRINE_E2E_URL';
export const ENV_MAIL_DIR = 'VITRINE_E2E_MAIL_DIR';
/** The mailbox's SMTP address, for a journey that runs a server of its own. */
export const ENV_SMTP_URL = 'VITRINE_E2E_SMTP_URL';
/** The cluster journey's processes behind the load balancer (ClusterProcess[], JSON). */
export const ENV_CLUSTER = 'VITRINE_E2E_CLUSTER';

/** One Vitrine process of the cluster journey: its own address, PID (and process group's), log file. */
export type ClusterProcess = { url: string; pid: number; log: string };

/** The first system account, created by the server on its empty database. */
export const ADMIN = { email: 'admin@vitrine.test', password: 'Journey-2024!' } as const;

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the journeys with \`npm run e2e\` or \`npm run e2e:cluster\` (their global setup sets it)`,
    );
  return value;
}

/** The server's address, e.g. http://127.0.0.1:40123 */
export const baseUrl = () => required(ENV_URL);
export const mailDir = () => required(ENV_MAIL_DIR);
/** The cluster journey's processes (cluster-setup.ts); baseUrl() is their load balancer's. */
export const clusterProcesses = (): ClusterProcess[] => JSON.parse(required(ENV_CLUSTER));
