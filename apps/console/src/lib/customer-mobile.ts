import { Role } from '@vitrine/contract';
import { useLayoutMode } from './layout-mode';
import { hasRole } from './permissions';
import { useSession } from './session';

/** Customers on a phone get a layout of their own (spec 000 §1): their home, menu and account pages. */
export function useCustomerMobile(): boolean {
  const { mobile } = useLayoutMode();
  const { user } = useSession();
  return mobile && hasRole(user?.role_id, Role.customer);
}
