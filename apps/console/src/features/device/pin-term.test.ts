import { LANGUAGES } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { LOCALES as PLAYER } from '../../../../player/src/locales';
import { i18n } from '../../lib/i18n';

// One name for one thing: the code a screen shows to be added is its PIN on the screen, in the
// add-device drawer, in the tour and in the refusal of a wrong one.
describe('the PIN', () => {
  it.each(LANGUAGES)('has one name in %s', async (language) => {
    await i18n.loadLanguages(language);
    await i18n.loadNamespaces(['device', 'tour', 'contract']);
    const t = i18n.getFixedT(language);
    const name = PLAYER[language]['unpaired.pin'];
    expect(t('device:field.pin')).toBe(name);
    expect(t('tour:device.deviceAuthentication.title')).toBe(name);
    expect(t('contract:device.pairFailed').toLowerCase()).toContain(name.toLowerCase());
  });
});
