import { Role } from '@vitrine/contract';
import { hasRole } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { CategoryPanel } from '../components/CategoryPanel';
import { CompanyTable } from '../components/CompanyTable';

/** /user/company: the companies for platform staff and customers; inside a company (owner, user
 * admin) the company's user groups. */
export function CompanyListPage() {
  const { user } = useSession();
  return hasRole(user?.role_id, [Role.owner, Role.userAdmin]) ? <CategoryPanel /> : <CompanyTable />;
}
