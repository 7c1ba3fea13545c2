// The contract's field schemas used by the standard form rules. Loaded on first validation so
// that zod stays out of the login page's download.
export {
  confirmPasswordSchema,
  emailSchema,
  newPasswordSchema,
  oldPasswordSchema,
  passwordSchema,
} from '@vitrine/contract';
