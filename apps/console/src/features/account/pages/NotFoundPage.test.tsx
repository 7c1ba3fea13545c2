import { act, fireEvent, screen } from '@testing-library/react';
import { NOT_FOUND_COUNTDOWN_SECONDS } from '@vitrine/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { NotFoundPage } from './NotFoundPage';

afterEach(() => {
  vi.useRealTimers();
});

describe('NotFoundPage', () => {
  it('counts down the seconds, then goes to the homepage', async () => {
    vi.useFakeTimers();
    await renderPage(<NotFoundPage />, '/404');
    expect(screen.getByText('The requested page could not be found.')).toBeTruthy();
    expect(
      screen.getByText(`You will be taken to the homepage in ${NOT_FOUND_COUNTDOWN_SECONDS} s.`),
    ).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(
      screen.getByText(`You will be taken to the homepage in ${NOT_FOUND_COUNTDOWN_SECONDS - 1} s.`),
    ).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
    act(() => {
      vi.advanceTimersByTime((NOT_FOUND_COUNTDOWN_SECONDS - 1) * 1000);
    });
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('goes home at once on request', async () => {
    await renderPage(<NotFoundPage />, '/404');
    fireEvent.click(document.getElementById('goHome')!);
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
