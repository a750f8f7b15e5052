import { expect } from 'chai';
import type { TestResponse } from './test-server.ts';

/** The body of an answer that must have `status` (the body in the failure message otherwise). */
export function ok(res: TestResponse, status = 200): any {
  expect(res.status, res.text).to.equal(status);
  return res.body;
}
