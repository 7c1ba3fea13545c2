import type { OtaReasonCode, OtaReasonParams } from '@vitrine/contract';
import type { otaPlanDevices } from '../../db/schema';

// Why a plan's device was skipped or failed (docs/ota.md "Failure reasons"): a code with its
// values, which the console words in the reader's language, and a player's own words when it sent
// some. The plan's devices and the approved history answer it the same way.

type Row = Pick<typeof otaPlanDevices.$inferSelect, 'reasonCode' | 'reasonParams' | 'reason'>;

export const presentReason = (row: Row) => ({
  reason_code: row.reasonCode as OtaReasonCode | null,
  reason_params: (row.reasonParams ?? null) as OtaReasonParams | null,
  reason: row.reason,
});
