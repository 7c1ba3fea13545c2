import { useSearchParams } from 'react-router';
import { RequestResetForm } from '../components/RequestResetForm';
import { ResetPasswordForm } from '../components/ResetPasswordForm';

/** /forget asks for a reset mail; /forget?code= is that mail's link and sets the new password. */
export function ForgetPage() {
  const code = useSearchParams()[0].get('code');
  return code === null ? <RequestResetForm /> : <ResetPasswordForm code={code} />;
}
