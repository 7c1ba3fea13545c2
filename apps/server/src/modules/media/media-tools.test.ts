import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findTool, runTool, ToolError } from './media-tools';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-tools-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A shell script standing in for a tool. */
function script(folder: string, name: string, body: string, mode = 0o755) {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode });
  return file;
}

describe('findTool', () => {
  it('finds the first executable of the name on the search path, and LibreOffice by either name', async () => {
    const first = path.join(dir, 'first');
    const second = path.join(dir, 'second');
    script(first, 'ffmpeg', 'exit 0', 0o644); // not executable: skipped
    const ffmpeg = script(second, 'ffmpeg', 'exit 0');
    const office = script(second, 'libreoffice', 'exit 0');
    const config = { mediaToolsPath: [first, second].join(path.delimiter) };
    expect(await findTool(config, 'ffmpeg')).toBe(ffmpeg);
    expect(await findTool(config, 'soffice')).toBe(office);
    expect(await findTool(config, 'pdftoppm')).toBeNull();
  });

  it('remembers what it found per search path', async () => {
    const folder = path.join(dir, 'later');
    fs.mkdirSync(folder);
    const config = { mediaToolsPath: folder };
    expect(await findTool(config, 'pdfinfo')).toBeNull();
    script(folder, 'pdfinfo', 'exit 0');
    expect(await findTool(config, 'pdfinfo')).toBeNull();
  });
});

describe('runTool', () => {
  const tools = path.join(dir, 'run');

  it('returns what the tool printed', async () => {
    const echo = script(tools, 'echoes', 'echo "Pages: $1"');
    expect(await runTool(echo, ['3'], { timeoutMs: 5000 })).toBe('Pages: 3\n');
  });

  it('fails with the end of what it printed on stderr when it exits with an error', async () => {
    const broken = script(tools, 'broken', 'echo "Invalid data found" >&2; exit 1');
    await expect(runTool(broken, [], { timeoutMs: 5000 })).rejects.toThrow(
      new ToolError('broken ended with 1: Invalid data found'),
    );
  });

  it('kills a tool and the processes it started when it runs out of time', async () => {
    const pidFile = path.join(dir, 'child.pid');
    const slow = script(tools, 'slow', `sleep 30 & echo $! > ${pidFile}; wait`);
    await expect(runTool(slow, [], { timeoutMs: 300 })).rejects.toThrow(/slow was stopped after 0 s/);
    // The grandchild is gone too: no process, or a zombie waiting for a parent to reap it.
    const child = fs.readFileSync(pidFile, 'utf8').trim();
    const stat = fs.existsSync(`/proc/${child}/stat`) ? fs.readFileSync(`/proc/${child}/stat`, 'utf8') : '';
    expect(stat.split(') ')[1]?.[0] ?? 'gone').toMatch(/^(gone|Z)$/);
  });

  it('runs one tool at a time', async () => {
    const log = path.join(dir, 'order.log');
    const step = script(tools, 'step', `echo "start $1" >> ${log}; sleep 0.2; echo "end $1" >> ${log}`);
    await Promise.all([runTool(step, ['a'], { timeoutMs: 5000 }), runTool(step, ['b'], { timeoutMs: 5000 })]);
    expect(fs.readFileSync(log, 'utf8').trim().split('\n')).toEqual(['start a', 'end a', 'start b', 'end b']);
  });
});
