import { ResultCode } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';

// Link codes answer with the spec's exact wording in the page's language, whatever the server said.
const LINK_CODES: readonly number[] = [ResultCode.badLink, ResultCode.linkExpired];

/** What a page shows for a link that carries no code at all. */
export const MISSING_LINK = { code: ResultCode.badLink } as const;

const codeOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number'
    ? error.code
    : undefined;

/** Turns a failed call (an ApiError) into the text a page shows inline. */
export function useErrorText() {
  const { t } = useTranslation('contract');
  return (error: unknown): string => {
    const code = codeOf(error);
    if (code !== undefined && LINK_CODES.includes(code)) return t(`code.${code}`);
    if (error instanceof Error && error.message) return error.message;
    return t('client.server');
  };
}
