import { describe, expect, it } from 'vitest';
import { bootChoice } from './boot';
import { pinOf as pin } from './testing';

const kept =
  (...versions: string[]) =>
  (version: string) =>
    versions.includes(version);

describe('bootChoice', () => {
  it('runs the shipped build without a pin', () => {
    expect(bootChoice(null, '1.21.13', kept())).toEqual({ go: null, pin: null, failed: null });
  });

  it('goes to a healthy pinned build as it is', () => {
    const healthy = pin({ healthy: true, plan_id: null });
    expect(bootChoice(healthy, '1.21.13', kept('1.22.0'))).toEqual({
      go: '1.22.0',
      pin: healthy,
      failed: null,
    });
  });

  it('gives the pin up when the server ships that version or a newer one', () => {
    expect(bootChoice(pin({ healthy: true }), '1.22.0', kept('1.22.0'))).toEqual({
      go: null,
      pin: null,
      failed: null,
    });
    expect(bootChoice(pin({ version: '1.22.0-beta.2' }), '1.22.0', kept('1.22.0-beta.2')).go).toBeNull();
  });

  it('gives up a build no longer kept, reporting the plan still waiting', () => {
    expect(bootChoice(pin(), '1.21.13', kept())).toEqual({
      go: null,
      pin: null,
      failed: {
        plan_id: 7,
        reason_code: 'not_kept',
        reason_params: { version: '1.22.0' },
        reason: 'Version 1.22.0 is no longer kept on this screen.',
      },
    });
  });

  it('counts starts without a healthy mark and goes back to the previous build at the second', () => {
    const first = bootChoice(pin({ previous: '1.21.20' }), '1.21.13', kept('1.22.0', '1.21.20'));
    expect(first).toEqual({ go: '1.22.0', pin: pin({ previous: '1.21.20', boots: 1 }), failed: null });
    expect(bootChoice(first.pin, '1.21.13', kept('1.22.0', '1.21.20'))).toEqual({
      go: '1.21.20',
      pin: { version: '1.21.20', previous: null, plan_id: null, healthy: true, boots: 0 },
      failed: {
        plan_id: 7,
        reason_code: 'not_healthy_starts',
        reason_params: { version: '1.22.0', starts: 2 },
        reason: 'Version 1.22.0 did not come up healthy after 2 starts.',
      },
    });
  });

  it('goes back to the shipped build when there is no previous one kept', () => {
    expect(
      bootChoice(pin({ boots: 1, previous: '1.21.20', plan_id: null }), '1.21.13', kept('1.22.0')),
    ).toEqual({
      go: null,
      pin: null,
      failed: null,
    });
  });
});
