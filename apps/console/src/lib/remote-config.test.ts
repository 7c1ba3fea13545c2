import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { loginResult } from '../test/fixtures';
import { AA_TEXT_CONTRAST, contrastRatio } from './contrast';
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

  it('darkens a customer primary colour that white text (and links on white) could not be read on', () => {
    const pale = config({
      primary_color: '#7ec8ff',
      nav_nackground_color: '#777777',
      main_background_color: '',
    });
    const { primary } = shellColors(pale);
    expect(primary).not.toBe('#7ec8ff');
    expect(contrastRatio(primary, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    const theme = themeOf(pale);
    expect(theme.token).toMatchObject({ colorPrimary: primary, colorLink: primary });
    // White at 72 % on mid grey would not read: the menu items get the full white.
    expect(theme.components?.Menu?.itemColor).toBe('#ffffff');
    expect(themeOf(null).components?.Menu?.itemColor).not.toBe('#ffffff');
  });

  it('sets muted text and status colours that read at 4.5:1 on their backgrounds', () => {
    const token = themeOf(null).token as Record<string, string>;
    for (const [text, background] of [
      ['colorSuccess', 'colorSuccessBg'],
      ['colorWarning', 'colorWarningBg'],
      ['colorError', 'colorErrorBg'],
      ['colorInfo', 'colorInfoBg'],
    ] as const) {
      expect(contrastRatio(token[text] as string, token[background] as string)).toBeGreaterThanOrEqual(
        AA_TEXT_CONTRAST,
      );
    }
    expect(token.colorTextTertiary).toBe(token.colorTextPlaceholder);
    // White text on a hovered or pressed button reads too.
    for (const key of ['colorPrimaryHover', 'colorPrimaryActive', 'colorErrorHover', 'colorErrorActive']) {
      expect(contrastRatio(token[key] as string, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });

  it('gives every preset tag colour a text shade that reads at 4.5:1 on its background', () => {
    // What Ant Design computes from the theme: its colour algorithm makes the palettes.
    const token = theme.getDesignToken(themeOf(null)) as unknown as Record<string, string>;
    const presets = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow'];
    for (const name of [...presets, 'volcano', 'geekblue', 'lime', 'gold']) {
      const ratio = contrastRatio(token[`${name}7`] as string, token[`${name}1`] as string);
      expect(ratio, name).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
    // Greyed-out text that is not a disabled control reads as muted text.
    const components = themeOf(null).components;
    expect(components?.Typography?.colorTextDisabled).toBe(token.colorTextTertiary);
    expect(components?.Table?.colorTextDisabled).toBe(token.colorTextTertiary);
    expect(components?.ColorPicker?.colorTextDisabled).toBe(token.colorTextTertiary);
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
