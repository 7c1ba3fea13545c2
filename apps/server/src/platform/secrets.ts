import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Secrets kept in the database (the mail server's password): AES-256-GCM under a key derived from
// SECRET_KEY, so a copy of the database alone does not give them away. Without SECRET_KEY they are
// stored as they are and only ever leave the server towards the service they open.

const PREFIX = 'aes-256-gcm:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyOf = (secretKey: string) => createHash('sha256').update(secretKey, 'utf8').digest();

/** What to store for `plain`: sealed when there is a key. */
export function sealSecret(plain: string, secretKey: string | undefined): string {
  if (!secretKey) return plain;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The stored secret in clear; null when it was sealed under another key, or there is none now. */
export function openSecret(stored: string, secretKey: string | undefined): string | null {
  if (!stored.startsWith(PREFIX)) return stored;
  if (!secretKey) return null;
  try {
    const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);
