import { ResultCode } from '@vitrine/contract';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/http';

/** A form's failed call: a taken email shows under the email field, anything else above the form. */
export function useFormFailure(form: FormInstance, emailField = 'email') {
  const [error, setError] = useState<unknown>(null);
  return {
    error,
    clear: () => setError(null),
    fail: (failure: unknown) => {
      if (failure instanceof ApiError && failure.code === ResultCode.emailTaken) {
        form.setFields([{ name: emailField, errors: [failure.message] }]);
      } else setError(failure);
    },
  };
}
