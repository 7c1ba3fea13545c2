import { APP_VERSION } from '@vitrine/contract';

/**
 * The version this build reports (its `system_version`): a package's, set when it is built
 * (npm run package -w apps/player -- --version …, through VITRINE_PLAYER_VERSION), else the one
 * this server ships.
 */
export const PLAYER_VERSION: string = import.meta.env.VITRINE_PLAYER_VERSION || APP_VERSION;
