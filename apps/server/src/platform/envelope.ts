import { ResultCode } from '@vitrine/contract';
import { z } from 'zod';

// Every body is { code, msg, data }. Handlers return ok(data); the envelope plugin fills msg in the
// caller's language before it is sent.
export type Ok<T> = { code: typeof ResultCode.success; msg: string; data: T };

export const ok = <T>(data: T): Ok<T> => ({ code: ResultCode.success, msg: '', data });

/** Response schema of a successful call whose data has the given shape. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(ResultCode.success), msg: z.string(), data });

/** The shape of any failure, for the OpenAPI document. */
export const failure = z.object({ code: z.number(), msg: z.string(), data: z.unknown() });

/** The usual response map of a route: 200 with the data, any failure otherwise. */
export const responses = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), '4xx': failure });

export const empty = z.null();
