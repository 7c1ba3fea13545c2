import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const tickMaps = fileURLToPath(new URL('./tick-maps.ts', import.meta.url));

/**
 * The states of nextTick's literal-key feedback after a full collection that ran while no entry
 * was queued, as V8 prints them (%DebugPrint, Node 20): one per key of the entry.
 */
async function feedbackAfterIdleCollection(withModule: boolean): Promise<string[]> {
  const probe = `
    ${withModule ? `await import(${JSON.stringify(tickMaps)});` : ''}
    const tick = () => new Promise((resolve) => process.nextTick(resolve));
    for (let i = 0; i < 50; i++) await tick();
    await new Promise((resolve) => setTimeout(resolve, 10));
    globalThis.gc();
    await tick();
    new Function('f', '%DebugPrint(f)')(process.nextTick);
  `;
  // V8 prints straight to the file descriptor; into a pipe its output came out cut short.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-tick-maps-'));
  const file = path.join(dir, 'out.txt');
  const out = fs.openSync(file, 'w');
  let stdout: string;
  try {
    const child = spawn(
      process.execPath,
      ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', probe],
      { stdio: ['ignore', out, 'inherit'] },
    );
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    stdout = fs.readFileSync(file, 'utf8');
  } finally {
    fs.closeSync(out);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return [...stdout.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]);
}

describe('tick maps', () => {
  it('without it, an idle full collection leaves nextTick on the slow path (the V8 behaviour it works around)', async () => {
    const states = await feedbackAfterIdleCollection(false);
    expect(states).toHaveLength(4);
    expect(states.slice(1)).toEqual(['MEGAMORPHIC', 'MEGAMORPHIC', 'MEGAMORPHIC']);
  });

  it('with it, every key of the entry stays on its fast path', async () => {
    expect(await feedbackAfterIdleCollection(true)).toEqual([
      'MONOMORPHIC',
      'MONOMORPHIC',
      'MONOMORPHIC',
      'MONOMORPHIC',
    ]);
  });
});
