import type { PlayerInfo, PlayerState } from '@vitrine/contract';
import { ResultCode } from '@vitrine/contract';
import { CallRefused, hello } from './api';
import { forgetDevice, loadToken, saveState, saveToken } from './store';

export type Session = { token: string; state: PlayerState };

/**
 * This screen's state from the server: with its stored token, or, when the server no longer
 * knows that token (or there is none), as a newly registered screen.
 */
export async function greet(info: PlayerInfo): Promise<Session> {
  const token = loadToken();
  if (token) {
    try {
      const state = await hello({ token, info });
      saveState(state);
      return { token, state };
    } catch (error) {
      if (!(error instanceof CallRefused && error.tokenRefused)) throw error;
      forgetDevice();
    }
  }
  const state = await hello({ info });
  if (!state.token) throw new CallRefused(ResultCode.serverError, 'registered without a token');
  saveToken(state.token);
  saveState(state);
  return { token: state.token, state };
}
