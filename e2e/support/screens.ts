import type { FrameLocator, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './index';

// What the journeys check on a screen: the player's renderer showing a program, and by pixels.

/**
 * How much of what `target` shows is not black: the share of its pixels (from a screenshot of
 * the element) with any channel above 40.
 */
export async function litShare(target: Locator): Promise<number> {
  const { data, info } = await sharp(await target.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let lit = 0;
  for (let index = 0; index < data.length; index += info.channels) {
    if (data[index] > 40 || data[index + 1] > 40 || data[index + 2] > 40) lit++;
  }
  return lit / (info.width * info.height);
}

/** Waits until the player renderer in `scope` shows a program with every zone on screen. */
export async function rendered(scope: Page | FrameLocator, zones: number) {
  // A program replacing another waits (hidden) until it can show, then takes the old one's place.
  const stage = scope.locator('.render-stage:not(.render-stage--waiting)');
  await expect(stage).toHaveCount(1, { timeout: 20_000 });
  await expect(scope.locator('.render-stage')).toHaveCount(1);
  await expect(stage.locator('.render-zone')).toHaveCount(zones);
}
