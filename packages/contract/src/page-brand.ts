// The brand the server writes into the console's index.html for the host it is served at (custom
// domains, modules/setting), read by the console before anyone logs in. No zod here: the login
// page's bundle reads it.

/** The id of the `<script type="application/json">` block holding it. */
export const PAGE_BRAND_ELEMENT_ID = 'vitrine-brand';

export type PageBrand = {
  /** The site_title system property: the login page's and the browser tab's title. */
  title: string | null;
  logo: string | null;
  icon: string | null;
  theme: { primary_color: string; nav_nackground_color: string; main_background_color: string };
  support_email: string | null;
  support_url: string | null;
};
