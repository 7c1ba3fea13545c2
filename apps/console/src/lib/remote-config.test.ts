import { describe, expect, it } from 'vitest';
import { loginResult } from '../test/fixtures';
import { applyFavicon, DEFAULT_FAVICON, faviconOf, logoOf, shellColors, themeOf } from './remote-config';

const config = (detail: {
  primary_color: string;
  nav_nackground_color: string;
  main_background_color: string;
}) => {
  const base = loginResult().config;
  return {
    ...base,
    customer_logo: { value: { uri: '/media/logo.png' } },
    customer_icon: { value: { uri: '/media/icon.png' } },
    customer_theme: { value: { id: 2, detail } },
  };
};

describe('remote config', () => {
  it('turns the customer theme into Ant Design tokens with readable navigation text', () => {
    const light = config({
      primary_color: '#e4002b',
      nav_nackground_color: '#f5f5f5',
      main_background_color: '#ffffff',
    });
    const theme = themeOf(light);
    expect(theme.token?.colorPrimary).toBe('#e4002b');
    expect(theme.components?.Layout).toMatchObject({
      siderBg: '#f5f5f5',
      headerBg: '#f5f5f5',
      bodyBg: '#ffffff',
    });
    expect(shellColors(light).navText).toBe('#000000');
    expect(
      shellColors(
        config({ primary_color: '#e4002b', nav_nackground_color: '#102030', main_background_color: '' }),
      ),
    ).toMatchObject({ navText: '#ffffff', bodyBg: '#f4f6fa' });
  });

  it('falls back to the Vitrine look without a config', () => {
    expect(shellColors(null)).toEqual({
      primary: '#1668dc',
      navBg: '#0f1f3d',
      navText: '#ffffff',
      bodyBg: '#f4f6fa',
    });
    expect(logoOf(null)).toBeNull();
    expect(faviconOf(null)).toBe(DEFAULT_FAVICON);
  });

  it('uses the customer logo and favicon when set', () => {
    const custom = config({ primary_color: '', nav_nackground_color: '', main_background_color: '' });
    expect(logoOf(custom)).toBe('/media/logo.png');
    applyFavicon(faviconOf(custom));
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/media/icon.png');
  });
});
