import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { labelMatches, SearchSelect } from './SearchSelect';

const options = [
  { value: 1, label: 'Lobby Screen' },
  { value: 2, label: 'Cafeteria Wall' },
  { value: 3, label: 'lobby kiosk' },
];

describe('SearchSelect filtering', () => {
  it('matches labels case-insensitively', () => {
    expect(labelMatches('LOBBY', options[0])).toBe(true);
    expect(labelMatches('lobby', options[2])).toBe(true);
    expect(labelMatches('wall', options[1])).toBe(true);
    expect(labelMatches('garage', options[0])).toBe(false);
  });

  it('shows only the matching options, then the no-match text', async () => {
    render(<SearchSelect options={options} open />);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'LoBbY' } });
    const list = await screen.findByRole('listbox');
    const popup = list.parentElement!;
    expect(within(popup).queryByText('Cafeteria Wall')).toBeNull();
    expect(within(popup).getAllByText(/lobby/i).length).toBeGreaterThanOrEqual(2);
    fireEvent.change(input, { target: { value: 'nothing here' } });
    expect(await screen.findByText('no matching results')).toBeTruthy();
  });

  it('has the translated placeholder and loading text', async () => {
    render(<SearchSelect options={[]} loading open />);
    expect(screen.getByText('please select')).toBeTruthy();
    expect(await screen.findByText('loading...')).toBeTruthy();
  });
});
