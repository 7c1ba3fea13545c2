import { Card } from 'antd';
import { ChangePasswordForm } from '../../account/ui';
import './mobile.css';

/** /setting/reset-pwd: Change Password as a whole page; success signs out to the login page. */
export function MobilePasswordPage() {
  return (
    <div className="mobile-page">
      <Card>
        <ChangePasswordForm />
      </Card>
    </div>
  );
}
