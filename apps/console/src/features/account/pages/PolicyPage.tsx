import { LegalDocument } from '../components/LegalDocument';

/** /policy: the privacy policy accepted at login. */
export function PolicyPage() {
  return <LegalDocument kind="policy" />;
}
