import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support';
import { addScreen, createOwner, fitsThePhone, logIn, PHONE, shot, text } from './support/journey';

// Startup video (spec 001 §5, docs/device-features.md "Startup video and logo"): an owner opens
// "Startup video and logo" on the device list; a 720p video is refused with the rule's message, a
// 1080P one of 9 seconds at 25 FPS is kept and previewed; a paired screen, reloaded, starts with it
// over its own view. English, Arabic and a phone.

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);

/**
 * The journey's videos, made once per run under the output folder (Playwright empties it when a
 * run starts): a plain colour encodes quickly even at 1080P on a busy machine.
 */
function videos() {
  const dir = path.join(test.info().project.outputDir, 'startup-fixtures');
  const at = (name: string) => path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true });
  const make = (name: string, size: string) => {
    if (fs.existsSync(at(name))) return;
    ffmpeg(
      ...['-f', 'lavfi', '-i', `color=c=0x1d4ed8:s=${size}:r=25:d=9`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', `${at(name)}.part.mp4`],
    );
    fs.renameSync(`${at(name)}.part.mp4`, at(name));
  };
  make('welcome-1080p.mp4', '1920x1080');
  make('welcome-720p.mp4', '1280x720');
  return { good: at('welcome-1080p.mp4'), small: at('welcome-720p.mp4') };
}

const drawer = (page: Page, lang = 'en') =>
  page.getByRole('dialog', { name: text(lang, 'startup:drawerTitle') });

test('an owner sets the startup video, a wrong one refused with its rule; a screen starts with it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const files = videos();
  const owner = await createOwner(request, 'startup');
  await logIn(page, owner);
  const screen = await addScreen(page, browser, 'Lobby');

  await page.goto('/device/list');
  await page.getByRole('button', { name: 'Startup video and logo' }).click();
  const panel = drawer(page);
  const videoCard = panel.getByTestId('startup-video');
  await expect(videoCard.getByText('No startup video')).toBeVisible();

  // A 720p video: refused with the size rule, nothing kept.
  await panel.getByTestId('startup-video-file').setInputFiles(files.small);
  await expect(videoCard.getByRole('alert')).toHaveText(
    text('en', 'contract:startup.video.size', { width: 1280, height: 720 }),
    { timeout: 60_000 },
  );
  await expect(videoCard.getByText('No startup video')).toBeVisible();
  await shot(page, 'startup', 'refused', { overlay: true });

  // The 1080P one: kept, previewed with what the server measured.
  await panel.getByTestId('startup-video-file').setInputFiles(files.good);
  await expect(videoCard.locator('video')).toHaveAttribute('src', /\/backend\/media\/[0-9a-f]{64}$/, {
    timeout: 60_000,
  });
  await expect(videoCard.getByRole('alert')).toHaveCount(0);
  await expect(videoCard.getByText('welcome-1080p.mp4')).toBeVisible();
  await expect(videoCard.getByText('1920 × 1080', { exact: true })).toBeVisible();
  await expect(videoCard.getByText('25 fps', { exact: true })).toBeVisible();
  const url = (await videoCard.locator('video').getAttribute('src')) as string;
  await shot(page, 'startup', 'set', { overlay: true });

  // The screen, reloaded, starts with it over its own view, then shows its own.
  await screen.reload();
  const curtain = screen.getByTestId('startup');
  await expect(curtain.locator('video.startup-video')).toHaveAttribute(
    'src',
    new RegExp(`${url.split('/').pop()}`),
  );
  await expect(curtain).toHaveClass(/startup-curtain--video/, { timeout: 30_000 });
  await shot(screen, 'startup', 'screen', { overlay: true });
  await expect(curtain).toHaveCount(0, { timeout: 30_000 });

  // Arabic: the rule's numbers kept left to right, the file's facts isolated.
  await page.goto('/device/list?language=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: text('ar', 'startup:button') }).click();
  const arabic = drawer(page, 'ar');
  await expect(arabic.getByTestId('startup-video').locator('video')).toHaveAttribute('src', url);
  await expect(arabic.getByText(text('ar', 'startup:rule.video'))).toBeVisible();
  // 1920 × 1080 reads so in Arabic too.
  await expect(arabic.getByText('1920 × 1080', { exact: true })).toHaveAttribute('dir', 'ltr');
  await shot(page, 'startup', 'set-ar', { overlay: true });
  await page.goto('/device/list?language=en');

  // A phone.
  const phone = await (await browser.newContext({ ...PHONE })).newPage();
  await logIn(phone, owner);
  await phone.goto('/device/list');
  await phone.getByRole('button', { name: 'Startup video and logo' }).click();
  await expect(drawer(phone).getByTestId('startup-video').locator('video')).toHaveAttribute('src', url);
  await fitsThePhone(phone);
  await shot(phone, 'startup', 'set-phone', { overlay: true });
});
