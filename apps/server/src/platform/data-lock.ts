import fs from 'node:fs';
import path from 'node:path';

// The embedded database belongs to one process: a second server opening the same folder would
// corrupt it. A lock file holding the server's PID is taken before the database is opened; one
// left by a server that crashed names a process that no longer runs, and is taken over.

export class DataDirLockedError extends Error {
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(
      `Another Vitrine server (process ${pid}) is using the embedded database in ${path.dirname(file)}. ` +
        `Stop it first, or start this one with another DATA_DIR. (Lock file: ${file}.)`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Whether a process with this PID runs (EPERM: it runs, under another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined; // gone meanwhile
  }
}

/**
 * Takes `dir/db.lock` for this process, or throws DataDirLockedError while another live process
 * holds it. Returns the release, which is also run when the process exits.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'db.lock');
  fs.mkdirSync(dir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return held(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holder(file);
      // Our own PID: a container restarted after a crash gives the new server the old one's PID.
      if (pid !== undefined && pid !== process.pid && running(pid)) throw new DataDirLockedError(file, pid);
      fs.rmSync(file, { force: true }); // left by a server that crashed
    }
  }
  throw new Error(`Could not take ${file}: another server is starting on the same DATA_DIR.`);
}

function held(file: string): () => void {
  const release = () => {
    process.off('exit', release);
    if (holder(file) === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
