import { nameSchema } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { confirmRule, formRules as rules } from './form-rules';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const run = (rule: unknown, value: unknown) => (rule as { validator: Validator }).validator({}, value);

describe('form rules from the contract', () => {
  it('gives the exact email messages', async () => {
    await expect(run(rules.email, '')).rejects.toThrow('Please input the email');
    await expect(run(rules.email, undefined)).rejects.toThrow('Please input the email');
    await expect(run(rules.email, 'ada@')).rejects.toThrow('Please input the correct email format');
    await expect(run(rules.email, 'ada@example.com')).resolves.toBeUndefined();
  });

  it('gives the exact new-password messages', async () => {
    await expect(run(rules.newPassword, '')).rejects.toThrow('Please input the password');
    await expect(run(rules.newPassword, 'a1#')).rejects.toThrow(
      'Passwords should be 8 or more characters in length',
    );
    await expect(run(rules.newPassword, 'abcdefgh1')).rejects.toThrow(
      'Password must include a combination of letters, numbers, and special characters.',
    );
    await expect(run(rules.newPassword, 'abcdefg1#')).resolves.toBeUndefined();
    await expect(run(rules.oldPassword, '')).rejects.toThrow('Please enter your old password *');
  });

  it('validates with any contract schema, and with a required key', async () => {
    await expect(run(rules.zod(nameSchema), '  ')).rejects.toThrow('Please input the name');
    await expect(run(rules.required('validation.name.required'), ' ')).rejects.toThrow(
      'Please input the name',
    );
    await expect(run(rules.required('validation.name.required'), 'Lobby')).resolves.toBeUndefined();
  });

  it('fails the confirmation when it differs from the named field', async () => {
    const form = { getFieldValue: (name: string) => (name === 'password' ? 'Secret#12' : undefined) };
    const rule = (confirmRule('password') as unknown as (f: typeof form) => unknown)(form);
    await expect(run(rule, 'Secret#13')).rejects.toThrow('Two entries do not match');
    await expect(run(rule, 'Secret#12')).resolves.toBeUndefined();
  });
});
