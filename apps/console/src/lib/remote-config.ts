import { DEFAULT_THEME, PAGE_BRAND_ELEMENT_ID, type PageBrand, type RemoteConfig } from '@vitrine/contract';
import type { ThemeConfig } from 'antd';
import { textColorOn } from './contrast';

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

export function shellColors(config: RemoteConfig | null): ShellColors {
  const detail = config?.customer_theme.value.detail;
  const navBg = colour(detail?.nav_nackground_color, DEFAULT_COLORS.navBg);
  return {
    primary: colour(detail?.primary_color, DEFAULT_COLORS.primary),
    navBg,
    navText: textColorOn(navBg),
    bodyBg: colour(detail?.main_background_color, DEFAULT_COLORS.bodyBg),
  };
}

/** Ant Design tokens for the colours; text over the navigation follows the 186 luminance rule. */
export function themeOf(config: RemoteConfig | null): ThemeConfig {
  const { primary, navBg, navText, bodyBg } = shellColors(config);
  const dim = navText === '#ffffff' ? 'rgba(255,255,255,0.72)' : 'rgba(0,0,0,0.65)';
  return {
    token: { colorPrimary: primary, colorLink: primary },
    components: {
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
