import { DEFAULT_THEME } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { firstValue, readSettings, type SettingScope, SYSTEM_SCOPE } from './settings';

// The white-label look as stored: a customer's, else the system's, else the defaults.

export type BrandOwner = { customerId: number | null; companyId: number | null };

export const BRAND_KEYS = { logo: 'customer_logo', icon: 'customer_icon', theme: 'customer_theme' } as const;

const storedImage = z.object({ uri: z.string() });
const storedTheme = z.object({
  id: z.number(),
  detail: z.object({
    primary_color: z.string(),
    nav_nackground_color: z.string(),
    main_background_color: z.string(),
  }),
});

export type Brand = { logo: string | null; icon: string | null; theme: z.infer<typeof storedTheme> };

/** The customer whose white-label look a user sees: their own, else their company's. */
export async function customerOf(db: Db, user: BrandOwner): Promise<number | null> {
  if (user.customerId !== null) return user.customerId;
  if (user.companyId === null) return null;
  const [company] = await db
    .select({ customerId: companies.customerId })
    .from(companies)
    .where(eq(companies.id, user.companyId))
    .limit(1);
  return company?.customerId ?? null;
}

/** Logo, icon and theme of a customer, each falling back to the system's, then to the defaults. */
export async function brandOf(db: Db, customerId: number | null): Promise<Brand> {
  const scopes: SettingScope[] =
    customerId === null ? [SYSTEM_SCOPE] : [{ scope: 'customer', id: customerId }, SYSTEM_SCOPE];
  const rows = await readSettings(db, scopes, Object.values(BRAND_KEYS));
  // A stored value of an older shape is skipped, as if it were not there.
  const pick = <T>(key: string, schema: z.ZodType<T>): T | null => {
    for (const scope of scopes) {
      const parsed = schema.safeParse(firstValue(rows, [scope], key));
      if (parsed.success) return parsed.data;
    }
    return null;
  };
  return {
    logo: pick(BRAND_KEYS.logo, storedImage)?.uri ?? null,
    icon: pick(BRAND_KEYS.icon, storedImage)?.uri ?? null,
    theme: pick(BRAND_KEYS.theme, storedTheme) ?? DEFAULT_THEME,
  };
}
