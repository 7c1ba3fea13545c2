import { hash, randomBytes } from 'node:crypto';

/** A 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What is stored instead of a token or a mailed code. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');
