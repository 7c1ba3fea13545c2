import { describe, expect, it } from 'vitest';
import { loadPin, savePin } from './pin';
import { pinOf as pin } from './testing';

describe('the pin in local storage', () => {
  it('is kept, read and removed', () => {
    savePin(pin());
    expect(loadPin()).toEqual(pin());
    savePin(null);
    expect(loadPin()).toBeNull();
    localStorage.setItem('vitrine.player.pin', '{bad');
    expect(loadPin()).toBeNull();
  });
});
