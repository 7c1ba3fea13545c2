import { AccountCard, UserCenterGate } from '../../account/ui';
import './mobile.css';

/** /setting/profile: the user's own name and nickname as a phone form (the user-center calls). */
export function MobileProfilePage() {
  return (
    <div className="mobile-page">
      <UserCenterGate>{(info) => <AccountCard info={info} />}</UserCenterGate>
    </div>
  );
}
