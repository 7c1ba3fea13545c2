import { Alert } from 'antd';
import { useErrorText } from '../lib/errors';

/** A failed call's message above a form; nothing while there is no error. */
export function ErrorAlert({ error }: { error: unknown }) {
  const errorText = useErrorText();
  if (!error) return null;
  return <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} role="alert" />;
}
