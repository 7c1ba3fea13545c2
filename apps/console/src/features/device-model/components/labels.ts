import { Orientation } from '@vitrine/contract';

/** The message key of a model's orientation. */
export const ORIENTATION_KEY: Record<number, string> = {
  [Orientation.landscape]: 'orientation.landscape',
  [Orientation.portrait]: 'orientation.portrait',
};
