import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { richText } from './rich-text';

const tags = {
  terms: (chunk: string) => <a href="/terms">{chunk}</a>,
  policy: (chunk: string) => <a href="/policy">{chunk}</a>,
};

describe('richText', () => {
  it('puts each tagged part into its element and keeps the text around it', () => {
    const { container } = render(
      <p>
        {richText('I agree to the <terms>User Agreement</terms> and <policy>Privacy Policy</policy>.', tags)}
      </p>,
    );
    expect(container.innerHTML).toBe(
      '<p>I agree to the <a href="/terms">User Agreement</a> and <a href="/policy">Privacy Policy</a>.</p>',
    );
  });

  it('handles tags at either end, and keeps only the text of an unknown tag', () => {
    const { container } = render(<p>{richText('<policy>الخصوصية</policy> و<x>y</x>', tags)}</p>);
    expect(container.innerHTML).toBe('<p><a href="/policy">الخصوصية</a> وy</p>');
  });
});
