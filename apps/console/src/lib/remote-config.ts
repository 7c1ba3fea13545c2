import { DEFAULT_THEME, PAGE_BRAND_ELEMENT_ID, type PageBrand, type RemoteConfig } from '@vitrine/contract';
import type { MappingAlgorithm, ThemeConfig } from 'antd';
// The algorithm ConfigProvider uses anyway; antd's `theme` export would add the others to the
// login page's download.
import defaultAlgorithm from 'antd/es/theme/themes/default';
import { AA_TEXT_CONTRAST, contrastRatio, mix, readableOnWhite, textColorOn } from './contrast';

// The white-label look of spec 000 §3: logo, favicon and the theme colours a customer sets.
export const DEFAULT_FAVICON = '/favicon.svg';

export type ShellColors = { primary: string; navBg: string; navText: string; bodyBg: string };

const DEFAULT_COLORS = {
  primary: DEFAULT_THEME.detail.primary_color,
  navBg: DEFAULT_THEME.detail.nav_nackground_color,
  bodyBg: DEFAULT_THEME.detail.main_background_color,
};

const colour = (value: string | undefined | null, fallback: string) =>
  value?.trim() ? value.trim() : fallback;

/**
 * The shell's colours. The customer's primary colour is kept when white text on it (and it as
 * text on white: links) reads at 4.5:1, else darkened just enough (WCAG 2.2 AA, issue 29).
 */
export function shellColors(config: RemoteConfig | null): ShellColors {
  const detail = config?.customer_theme.value.detail;
  const navBg = colour(detail?.nav_nackground_color, DEFAULT_COLORS.navBg);
  return {
    primary: readableOnWhite(colour(detail?.primary_color, DEFAULT_COLORS.primary)),
    navBg,
    navText: textColorOn(navBg),
    bodyBg: colour(detail?.main_background_color, DEFAULT_COLORS.bodyBg),
  };
}

/** Muted text (descriptions, secondary labels, placeholders, empty states): 5:1 on white and light greys. */
const MUTED_TEXT = 'rgba(0,0,0,0.58)';

/**
 * Status colours that read at 4.5:1 as text on their own light backgrounds (Ant Design's defaults
 * do not: green 2.2:1, gold 2.8:1, red 3:1); the backgrounds and borders stay light.
 */
export const STATUS_TOKENS = {
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarning: '#ad4e00',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorError: '#cf1322',
  colorErrorHover: '#a8071a',
  colorErrorActive: '#820014',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorInfo: '#0958d9',
  colorInfoBg: '#e6f4ff',
  colorInfoBorder: '#91caff',
};

/**
 * The text shade (7) of the preset tag colours (`<Tag color="green">`, text on shade 1) where Ant
 * Design's fails 4.5:1 (green 3.4:1, gold 2.8:1, yellow 2:1). The palettes come from the colour algorithm, which writes
 * over a token of that name: they are set after it.
 */
export const TAG_TEXT = {
  green: '#237804',
  gold: '#874d00',
  orange: '#ad4e00',
  yellow: '#876800',
  lime: '#3f6600',
  cyan: '#006d75',
  volcano: '#ad2102',
} as const;

const readableTagText: MappingAlgorithm = (_seed, map) => {
  const token = { ...map } as Record<string, unknown>;
  for (const [name, shade] of Object.entries(TAG_TEXT)) {
    token[`${name}7`] = shade;
    token[`${name}-7`] = shade;
  }
  return token as unknown as ReturnType<MappingAlgorithm>;
};

/** Ant Design tokens for the colours; text over the navigation follows the 186 luminance rule. */
export function themeOf(config: RemoteConfig | null): ThemeConfig {
  const { primary, navBg, navText, bodyBg } = shellColors(config);
  // Menu items a little softer than the selected one, where that still reads at 4.5:1.
  const softer = mix(navText, navBg, navText === '#ffffff' ? 0.72 : 0.65);
  const dim = (contrastRatio(softer, navBg) ?? 0) >= AA_TEXT_CONTRAST ? softer : navText;
  return {
    algorithm: [defaultAlgorithm, readableTagText],
    token: {
      colorPrimary: primary,
      colorLink: primary,
      // Hovered and pressed, a button or link gets darker, not lighter: its text still reads.
      colorPrimaryHover: mix(primary, '#000000', 0.85),
      colorPrimaryActive: mix(primary, '#000000', 0.7),
      colorLinkHover: mix(primary, '#000000', 0.85),
      colorLinkActive: mix(primary, '#000000', 0.7),
      colorTextTertiary: MUTED_TEXT,
      colorTextPlaceholder: MUTED_TEXT,
      ...STATUS_TOKENS,
    },
    components: {
      // Greyed-out text that is still read (an unavailable link explained by its tooltip, a
      // table's "no data", the value of a colour that cannot be changed now): muted, not faint.
      Typography: { colorTextDisabled: MUTED_TEXT },
      Table: { colorTextDisabled: MUTED_TEXT },
      ColorPicker: { colorTextDisabled: MUTED_TEXT },
      Layout: { siderBg: navBg, headerBg: navBg, bodyBg, triggerBg: navBg, triggerColor: navText },
      Menu: {
        itemBg: navBg,
        subMenuItemBg: navBg,
        itemColor: dim,
        itemHoverColor: navText,
        itemSelectedBg: primary,
        itemSelectedColor: textColorOn(primary),
        itemHoverBg: 'transparent',
      },
    },
  };
}

export const logoOf = (config: RemoteConfig | null): string | null => config?.customer_logo.value.uri || null;
export const faviconOf = (config: RemoteConfig | null): string =>
  config?.customer_icon.value.uri || DEFAULT_FAVICON;

export function applyFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
}

/** The brand the server wrote into the page for the host it was asked at (custom domains), read once. */
export const HOST_BRAND: PageBrand | null = JSON.parse(
  document.getElementById(PAGE_BRAND_ELEMENT_ID)?.textContent || 'null',
);

/** The look before anyone logs in: the host's brand as a remote config. */
export const HOST_CONFIG =
  HOST_BRAND &&
  ({
    customer_logo: { value: { uri: HOST_BRAND.logo } },
    customer_icon: { value: { uri: HOST_BRAND.icon } },
    customer_theme: { value: { id: 0, detail: HOST_BRAND.theme } },
  } as RemoteConfig);

/** The site's name: the site_title property of the host's brand, else Vitrine. */
export const SITE_TITLE = HOST_BRAND?.title || 'Vitrine';
