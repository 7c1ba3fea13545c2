import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useFieldForm } from './field-form';

type Values = { name: string; password: string; confirm: string };

const checks = {
  name: (value: string) => (value.trim() ? null : 'validation.name.required'),
  password: (value: string) => (value ? null : 'validation.password.required'),
  confirm: (value: string, values: Values) =>
    value === values.password ? null : 'validation.confirm.mismatch',
};

const setup = () => renderHook(() => useFieldForm<Values>({ name: '', password: '', confirm: '' }, checks));
const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;
const type = (value: string) => ({ target: { value } });

describe('useFieldForm', () => {
  it('checks a field when it changes and leaves the untouched ones alone', () => {
    const { result } = setup();
    act(() => result.current.input('name').onChange(type(' ')));
    expect(result.current.errors).toEqual({ name: 'validation.name.required' });
    expect(result.current.input('name')).toMatchObject({ id: 'name', value: ' ', status: 'error' });
    act(() => result.current.input('name').onChange(type('Ada')));
    expect(result.current.errors.name).toBeNull();
    expect(result.current.input('name').status).toBeUndefined();
  });

  it('checks every field on submit and hands the values over only when all pass', () => {
    const { result } = setup();
    const onValid = vi.fn();
    const event = submitEvent();
    act(() => result.current.submit(onValid)(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(onValid).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({
      name: 'validation.name.required',
      password: 'validation.password.required',
      confirm: null,
    });
    act(() => result.current.input('name').onChange(type('Ada')));
    act(() => result.current.input('password').onChange(type('Secret#1')));
    act(() => result.current.input('confirm').onChange(type('Secret#1')));
    act(() => result.current.submit(onValid)(submitEvent()));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada', password: 'Secret#1', confirm: 'Secret#1' });
  });

  it('checks a confirmation again when the password it repeats changes', () => {
    const { result } = setup();
    act(() => result.current.input('password').onChange(type('Secret#1')));
    act(() => result.current.input('confirm').onChange(type('Secret#1')));
    expect(result.current.errors.confirm).toBeNull();
    act(() => result.current.input('password').onChange(type('Secret#2')));
    expect(result.current.errors.confirm).toBe('validation.confirm.mismatch');
  });

  it('sets a value that is not typed, such as a checkbox', () => {
    const { result } = renderHook(() =>
      useFieldForm(
        { accept: false },
        { accept: (value: boolean) => (value ? null : 'validation.terms.required') },
      ),
    );
    act(() => result.current.setValue('accept', true));
    expect(result.current.values.accept).toBe(true);
    expect(result.current.errors.accept).toBeNull();
  });
});
