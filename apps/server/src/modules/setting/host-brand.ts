import { PAGE_BRAND_ELEMENT_ID, type PageBrand } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customDomains } from '../../db/schema';
import { brandOf } from './brand';
import { propertiesFor } from './system-properties';

// The brand of the host a page is requested at: a custom domain's customer, else the platform's.
// Both steps are cached in memory (host → customer, customer → page) and dropped whole on any
// change of domains, brands or properties (the 'brand-changed' bus event, from every instance).

/** Hosts remembered at most; a flood of made-up Host headers only empties the map. */
const MAX_HOSTS = 10_000;
const PLATFORM = -1;

export class HostBrands {
  private readonly customers = new Map<string, Promise<number | null>>();
  private readonly pages = new Map<number, Promise<{ brand: PageBrand; html: Map<string, string> }>>();

  constructor(private readonly db: Db) {}

  /** The brand shown at `host` (lowercase, no port). */
  async of(host: string): Promise<PageBrand> {
    return (await this.entry(host)).brand;
  }

  /** `template` (the console's index.html) with the brand of `host` written in; rendered once per brand. */
  async page(template: string, host: string): Promise<string> {
    const entry = await this.entry(host);
    let html = entry.html.get(template);
    if (html === undefined) {
      html = brandedIndex(template, entry.brand);
      entry.html.set(template, html);
    }
    return html;
  }

  clear() {
    this.customers.clear();
    this.pages.clear();
  }

  private async entry(host: string) {
    const customerId = await this.remember(this.customers, host.toLowerCase(), () => this.customerAt(host));
    return this.remember(this.pages, customerId ?? PLATFORM, async () => ({
      brand: await this.read(customerId),
      html: new Map<string, string>(),
    }));
  }

  /** The promise is kept at once, so one lookup serves every request that comes meanwhile; a failed one is forgotten. */
  private remember<K, V>(map: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
    let value = map.get(key);
    if (value === undefined) {
      if (map.size >= MAX_HOSTS) map.clear();
      value = load();
      map.set(key, value);
      value.catch(() => map.get(key) === value && map.delete(key));
    }
    return value;
  }

  private async customerAt(host: string): Promise<number | null> {
    const [row] = await this.db
      .select({ customerId: customDomains.customerId })
      .from(customDomains)
      .where(eq(customDomains.host, host.toLowerCase()))
      .limit(1);
    return row?.customerId ?? null;
  }

  private async read(customerId: number | null): Promise<PageBrand> {
    const [brand, properties] = await Promise.all([
      brandOf(this.db, customerId),
      propertiesFor(this.db, customerId),
    ]);
    return {
      title: properties.site_title ?? null,
      logo: brand.logo,
      icon: brand.icon,
      theme: brand.theme.detail,
      support_email: properties.support_email ?? null,
      support_url: properties.support_url ?? null,
    };
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The console's index.html with the brand: its title, its icon link, and the brand as a JSON block
 * (not a script: the Content-Security-Policy runs no inline code) the console reads at start.
 */
export function brandedIndex(template: string, brand: PageBrand): string {
  // `<` never appears raw in the JSON, so no value can close the block.
  const json = JSON.stringify(brand).replace(/</g, '\\u003c');
  let html = template;
  if (brand.title) {
    const title = `<title>${escapeHtml(brand.title)}</title>`;
    html = html.replace(/<title>[^<]*<\/title>/, () => title);
  }
  if (brand.icon) {
    const icon = `<link rel="icon" href="${escapeHtml(brand.icon)}" />`;
    html = html.replace(/<link rel="icon"[^>]*>/, () => icon);
  }
  const block = `<script type="application/json" id="${PAGE_BRAND_ELEMENT_ID}">${json}</script></head>`;
  return html.replace('</head>', () => block);
}
