import { LegalDocument } from '../components/LegalDocument';

/** /terms: the user agreement accepted at login. */
export function TermsPage() {
  return <LegalDocument kind="termsOfUse" />;
}
