import { createHash } from 'node:crypto';
import { ADMIN, expect, test } from './support';
import { fitsThePhone, logIn, PHONE, sameUser, shot } from './support/journey';
import { adminHeaders, createModel, fillPackageUpload } from './support/ota';

// OTA packages: the system role uploads a player build for a model of its own with the MD5 it
// came with, and finds it in the list beside the shipped build; the same with a wrong MD5 is
// refused with the server's message. Arabic and the phone show the list.

test('the system role uploads a package with the right MD5, and a wrong one is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const model = `OTA Kiosk ${run}`;
  await createModel(request, await adminHeaders(request), model);

  const build = Buffer.from(`vitrine player build ${run}\n`.repeat(5000));
  const md5 = createHash('md5').update(build).digest('hex');

  await logIn(page, ADMIN);
  await page.goto('/ota/package');
  await expect(page.getByRole('heading', { name: 'Upgrade packages', level: 4 })).toBeVisible();

  const upload = (version: string, code: string) =>
    fillPackageUpload(page, {
      version,
      md5: code,
      model,
      file: { name: `player-${version}.zip`, buffer: build },
    });

  // The right MD5: the package is listed, its MD5 shown as the server computed it.
  await upload('2.0.0', md5.toUpperCase());
  await shot(page, 'ota-package', '1-upload-drawer', { overlay: true });
  await page.locator('#otaPackageFormSubmit').click();
  await expect(page.getByText('Package uploaded')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: model });
  await expect(row).toContainText('2.0.0');
  await expect(row).toContainText(md5);
  // The shipped player build is there too, built in.
  await expect(page.getByRole('row').filter({ hasText: 'Built in' }).first()).toContainText(
    'Every browser player',
  );
  await shot(page, 'ota-package', '2-list');

  // A wrong MD5: refused with the server's message, and nothing is added.
  await upload('2.0.1', createHash('md5').update('another file').digest('hex'));
  await page.locator('#otaPackageFormSubmit').click();
  // The drawer's own alert: the first upload's "Package uploaded" notice may still be showing.
  await expect(page.getByRole('dialog', { name: 'Upload package' }).getByRole('alert')).toContainText(
    "The file's MD5 does not match the code entered.",
  );
  await shot(page, 'ota-package', '3-md5-refused', { overlay: true });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row').filter({ hasText: model })).toHaveCount(1);

  // Arabic and the phone.
  const arabic = await sameUser(page);
  await arabic.goto('/ota/package?language=ar');
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.getByRole('row').filter({ hasText: model })).toBeVisible();
  await shot(arabic, 'ota-package', '4-list-ar');
  const phone = await sameUser(page, PHONE);
  await phone.goto('/ota/package');
  await expect(phone.getByText(model)).toBeVisible();
  await fitsThePhone(phone);
  await shot(phone, 'ota-package', '5-list-phone');
  for (const other of [arabic, phone]) await other.context().close();
});
