import { test } from './support';
import { visitEveryScreen } from './support/journey';

// Every screen of the foundation on a desktop, in English and in Arabic, saved as
// e2e/screenshots/screens-<variant>-<screen>.png for a person to look at (mobile.spec.ts does the
// same at phone width).
for (const lang of ['en', 'ar'] as const) {
  test(`every screen on a desktop in ${lang}`, async ({ page, request }) => {
    await visitEveryScreen(page, request, { variant: lang, lang, phone: false });
  });
}
