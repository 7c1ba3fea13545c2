import { ResultCode } from '@vitrine/contract';
import { ApiError } from '../../../lib/http';
import { stepOfField } from './draft';

/** A refused save, sorted for the wizard: messages by step, and what the selection loses. */
export type Refusal = {
  byStep: Map<number, string[]>;
  /** Devices and content the server named (the selection is cancelled, spec 001 §8). */
  deviceIds: number[];
  contentIds: number[];
  /** The playlist or composition is cancelled. */
  program: boolean;
};

const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];

/**
 * Where a failed save's messages go: a 400001's field errors by their field's step; a rule's
 * refusal by the field its data names (else the last step); a failure of the call itself on the
 * last step.
 */
export function refusalOf(error: unknown, lastStep: number): Refusal {
  const byStep = new Map<number, string[]>();
  const add = (step: number, message: string) => byStep.set(step, [...(byStep.get(step) ?? []), message]);
  const refusal: Refusal = { byStep, deviceIds: [], contentIds: [], program: false };
  if (!(error instanceof ApiError)) {
    add(lastStep, error instanceof Error ? error.message : String(error));
    return refusal;
  }
  const data = (error.data ?? {}) as {
    errors?: { field: string; message: string }[];
    field?: string;
    device_ids?: unknown;
    content_ids?: unknown;
  };
  if (error.code === ResultCode.validation && data.errors?.length) {
    for (const { field, message } of data.errors) add(stepOfField(field), message);
    return refusal;
  }
  // The field says what the selection loses: the devices on the devices step, the content (or
  // the program) on the content step; a refusal without a field names what it names.
  const field = data.field?.split('.')[0];
  if (!field || field === 'device_ids') refusal.deviceIds = idsOf(data.device_ids);
  if (!field || field === 'items') refusal.contentIds = idsOf(data.content_ids);
  refusal.program = field === 'program_id';
  const step = data.field
    ? stepOfField(data.field)
    : refusal.deviceIds.length
      ? 1
      : refusal.contentIds.length
        ? 2
        : lastStep;
  add(step, error.message);
  return refusal;
}
