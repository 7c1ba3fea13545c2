import { companyHoldings } from '../api';
import { HoldingsTabs } from './HoldingsTabs';

/** A company's members, devices and content, one tab each. */
export function CompanyDetail({ companyId }: { companyId: number }) {
  return <HoldingsTabs holdings={companyHoldings(companyId)} />;
}
