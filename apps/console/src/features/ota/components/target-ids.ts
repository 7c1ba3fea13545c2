import { idsSchema } from '@vitrine/contract';
import { z } from 'zod';
import type { Target } from './PlanTargetSelect';

/** The ids of targets chosen in a target select. */
export const targetIds = (targets: readonly Target[] | undefined) =>
  (targets ?? []).map((target) => target.value);

/** The devices chosen for a key or an exemption: 1 to 200, as the server checks them. */
export const chosenDevicesSchema = z.preprocess(
  (targets) => targetIds(targets as Target[] | undefined),
  idsSchema,
);
