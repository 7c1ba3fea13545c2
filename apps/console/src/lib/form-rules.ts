import type { FormRule } from 'antd';
import type { z } from 'zod';
import { i18n } from './i18n';

// Form rules built from the contract's zod schemas, so a form shows exactly the messages the
// server would answer (spec 000 §5). Messages are contract keys, translated here.
type Schemas = typeof import('./contract-schemas');

const translateKey = (key: string) => i18n.t(`contract:${key}`);

function check(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value ?? undefined);
  if (!result.success) throw new Error(translateKey(result.error.issues[0]?.message ?? 'validation.invalid'));
}

/** A rule from a schema; `optional`: an empty field passes (the form sends null for it). */
export function zodRule(schema: z.ZodType, { optional = false } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (optional && (value === undefined || value === null || value === '')) return;
      check(schema, value);
    },
  };
}

/** A rule on one of the standard schemas, loaded when a form first validates. */
function standardRule(pick: (schemas: Schemas) => z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => check(pick(await import('./contract-schemas')), value),
  };
}

/** Fails with "Two entries do not match" when the value differs from the named field. */
export function confirmRule(fieldName: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(fieldName))
        throw new Error(translateKey('validation.confirm.mismatch'));
    },
  });
}

// Messages are translated when a field is validated, so one set of rules serves every language.
export const formRules = {
  zod: zodRule,
  email: standardRule((s) => s.emailSchema),
  password: standardRule((s) => s.passwordSchema),
  newPassword: standardRule((s) => s.newPasswordSchema),
  oldPassword: standardRule((s) => s.oldPasswordSchema),
  confirmPassword: standardRule((s) => s.confirmPasswordSchema),
  /** A required field with the message of a contract key, e.g. 'validation.name.required'. */
  required: (key: string): FormRule => ({
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
        throw new Error(translateKey(key));
      }
    },
  }),
};

/** The rules for a form component (the same object for every language and render). */
export function useRules(): typeof formRules {
  return formRules;
}
