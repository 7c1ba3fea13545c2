import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pLimit from 'p-limit';
import type { Config } from '../../config';

// The programs media processing runs (ARCHITECTURE §8): the system's ffmpeg, poppler's pdftoppm
// and pdfinfo, LibreOffice. Each is optional: what cannot be done without it is done without it
// or refused with its own message. They are looked up once per search path, run one at a time
// per server process (a transcode takes both cores of a small machine), and killed when they
// take too long.

export type Tool = 'ffmpeg' | 'pdftoppm' | 'pdfinfo' | 'soffice';

const NAMES: Record<Tool, readonly string[]> = {
  ffmpeg: ['ffmpeg'],
  pdftoppm: ['pdftoppm'],
  pdfinfo: ['pdfinfo'],
  soffice: ['soffice', 'libreoffice'],
};

const STDERR_KEPT = 2000;
const STDOUT_LIMIT = 1 << 20;

const lookups = new Map<string, Promise<string | null>>();

/** Where a tool is installed (MEDIA_TOOLS_PATH, else PATH), or null; found once per search path. */
export function findTool(config: Pick<Config, 'mediaToolsPath'>, tool: Tool): Promise<string | null> {
  const searchPath = config.mediaToolsPath ?? process.env.PATH ?? '';
  const key = `${tool}\n${searchPath}`;
  let lookup = lookups.get(key);
  if (!lookup) {
    lookup = lookUp(searchPath.split(path.delimiter).filter(Boolean), NAMES[tool]);
    lookups.set(key, lookup);
  }
  return lookup;
}

async function lookUp(dirs: readonly string[], names: readonly string[]) {
  for (const dir of dirs) {
    for (const name of names) {
      const file = path.join(dir, name);
      if (await isExecutable(file)) return file;
    }
  }
  return null;
}

async function isExecutable(file: string) {
  try {
    const stat = await fs.promises.stat(file);
    await fs.promises.access(file, fs.constants.X_OK);
    return stat.isFile();
  } catch {
    return false;
  }
}

/** A tool that failed on its input or ran out of time: trying again gives the same. */
export class ToolError extends Error {
  override name = 'ToolError';
}

/** One tool process at a time in this server process; its time limit runs from its start. */
const oneAtATime = pLimit(1);

/** Runs a tool and returns what it printed; rejects with ToolError on a non-zero exit or a timeout. */
export function runTool(
  file: string,
  args: readonly string[],
  options: { timeoutMs: number; cwd?: string },
): Promise<string> {
  return oneAtATime(() => spawnTool(file, args, options));
}

function spawnTool(
  file: string,
  args: readonly string[],
  { timeoutMs, cwd }: { timeoutMs: number; cwd?: string },
) {
  const tool = path.basename(file);
  return new Promise<string>((resolve, reject) => {
    // Its own process group: LibreOffice's launcher starts soffice.bin, which must die with it.
    const child = spawn(file, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stdoutLength = 0;
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdoutLength < STDOUT_LIMIT) stdout.push(chunk);
      stdoutLength += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(new ToolError(`${tool} was stopped after ${Math.round(timeoutMs / 1000)} s`));
      } else if (code !== 0) {
        reject(new ToolError(`${tool} ended with ${code ?? signal}: ${stderr.trim()}`));
      } else {
        resolve(Buffer.concat(stdout).toString('utf8'));
      }
    });
  });
}

function killGroup(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
