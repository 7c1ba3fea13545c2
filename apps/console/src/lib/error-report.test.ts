import { ERROR_REPORT_MAX_RECORDS, errorReportRequestSchema } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { createErrorReporter, describeBody, type ErrorRecord } from './error-report';

const failure = (n: number): ErrorRecord => ({
  uid: null,
  url: '/backend/account/login',
  method: 'POST',
  qs: '',
  body: describeBody({ email: `user${n}@example.com`, password: 'Secret#1' }),
  code: 400014,
  msg: 'Wrong email or password',
  tz: 'Europe/Paris',
  time: new Date(0).toISOString(),
});

describe('error reporter', () => {
  it('sends at most one batch the server accepts, the newest failures, however many came', async () => {
    const sent: ErrorRecord[][] = [];
    const reporter = createErrorReporter(async (records) => void sent.push(records), 60_000);
    for (let n = 0; n < ERROR_REPORT_MAX_RECORDS * 2 + 3; n += 1) reporter.add(failure(n));
    expect(reporter.pending()).toBe(ERROR_REPORT_MAX_RECORDS);
    await reporter.flush();
    expect(sent).toHaveLength(1);
    // The server's own schema takes the batch as it is (a record before login has no user).
    expect(errorReportRequestSchema.safeParse(sent[0]).success).toBe(true);
    expect(sent[0].at(-1)?.body).toContain(`user${ERROR_REPORT_MAX_RECORDS * 2 + 2}@`);
    expect(sent[0][0].body).not.toContain('Secret#1');
  });
});
