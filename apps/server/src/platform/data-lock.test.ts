import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-lock';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-lock-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, 'db.lock');

/** The PID of a process that ran and has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid as number;
}

describe('data folder lock', () => {
  it('is taken with this PID and released', () => {
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('is refused while another running process holds it, naming it', () => {
    fs.writeFileSync(lockFile(), `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`process ${process.ppid}`);
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.ppid));
  });

  it('is taken over from a server that crashed (its process is gone), or from an unreadable file', async () => {
    fs.writeFileSync(lockFile(), `${await deadPid()}\n`);
    lockDataDir(dir)();
    fs.writeFileSync(lockFile(), 'garbage');
    lockDataDir(dir)();
    fs.writeFileSync(lockFile(), `${process.pid}\n`); // a restarted container's server had our PID
    lockDataDir(dir)();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('a second server on the same DATA_DIR stops before it opens the embedded database', async () => {
    fs.writeFileSync(lockFile(), `${process.pid}\n`); // this test process stands for the first server
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain(
      `Another Vitrine server (process ${process.pid}) is using the embedded database`,
    );
    expect(fs.existsSync(path.join(dir, 'db'))).toBe(false); // never opened
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid)); // not taken from it
  });
});
