import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Name } from './Name';

describe('Name', () => {
  it('isolates the name from what surrounds it', () => {
    const { container } = render(
      <p>
        <Name>لافتة 1</Name> · 3
      </p>,
    );
    const name = container.querySelector('p > bdi');
    expect(name?.textContent).toBe('لافتة 1');
    expect(container.querySelector('p')?.textContent).toBe('لافتة 1 · 3');
  });

  it('drops direction controls a stored name still holds, so its extension shows as typed', () => {
    const { container } = render(<Name>{'invoice\u202egnp.exe\u2067 \u200f'}</Name>);
    expect(container.querySelector('bdi')?.textContent).toBe('invoicegnp.exe ');
  });
});
