import { expect } from 'chai';
import type { TestResponse } from './test-server.ts';

/** The body of an answer that must have `status` (the body in the failure message otherwise). */
export function ok(res: TestResponse, status = 200): any {
  expect(res.status, res.text).to.equal(status);
  return res.body;
}

/** An error answer of this status and code. */
export function refused(res: TestResponse, status: number, code: string): void {
  expect([res.status, res.body?.error?.code], res.text).to.deep.equal([status, code]);
}

/** The typed data of an @tuma/sdk answer that must have `status` (its error body in the failure message otherwise). */
export function answered<Data>(answer: { data?: Data; error?: unknown; response: Response }, status = 200): Data {
  expect(answer.response.status, JSON.stringify(answer.error)).to.equal(status);
  return answer.data!;
}
