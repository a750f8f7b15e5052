import { expect } from 'chai';
import { atomically, err, ok, validationError, type ResultAsync, type UnitOfWork } from '../src/index.ts';

/** A unit of work that keeps writes aside and applies them only when the work answers Ok. */
class StagingUnitOfWork implements UnitOfWork {
  committed: string[] = [];
  staged: string[] = [];
  run<T, E>(work: () => ResultAsync<T, E>): ResultAsync<T, E> {
    this.staged = [];
    return work().map((value) => {
      this.committed.push(...this.staged);
      return value;
    });
  }
}

describe('Result helpers', () => {
  describe('atomically', () => {
    it('commits the writes of work that answers Ok and keeps its value', async () => {
      const uow = new StagingUnitOfWork();
      const result = await atomically(uow, async () => {
        uow.staged.push('a');
        return ok(1);
      });
      expect(result._unsafeUnwrap()).to.equal(1);
      expect(uow.committed).to.deep.equal(['a']);
    });

    it('commits nothing of work that answers Err, and hands the error back', async () => {
      const uow = new StagingUnitOfWork();
      const result = await atomically(uow, async () => {
        uow.staged.push('a');
        return err({ type: 'not_found', message: 'gone' });
      });
      expect(result._unsafeUnwrapErr()).to.deep.equal({ type: 'not_found', message: 'gone' });
      expect(uow.committed).to.deep.equal([]);
    });
  });

  describe('validationError', () => {
    it('builds its message from the issues, after the context when given', () => {
      const issues = [{ path: 'to', message: 'Not a number' }, { path: '', message: 'Nothing to change' }];
      expect(validationError(issues).message).to.equal('to: Not a number; Nothing to change');
      expect(validationError(issues, 'Unusable inbound message').message).to.equal('Unusable inbound message: to: Not a number; Nothing to change');
      expect(validationError(issues).details).to.deep.equal(issues);
    });

    it('names five issues in the message and counts the rest; the details keep them all', () => {
      const issues = Array.from({ length: 8 }, (_, i) => ({ path: `recipients.${i}.to`, message: 'Missing' }));
      const error = validationError(issues);
      expect(error.message).to.match(/^recipients\.0\.to: Missing; .*recipients\.4\.to: Missing; and 3 more$/);
      expect(error.details).to.have.length(8);
    });
  });
});
