import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';

/** Who created a key or an exemption, as lists show a user: nickname, else username (joined on users). */
export const userName = sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.username})`;
