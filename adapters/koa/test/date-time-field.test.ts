import { expect } from 'chai';
import { dateTimeFieldAsIso, dateTimeFieldValue, readDateTimeField } from '../src/console/layout/date-time-field.ts';

describe("the console's date-time fields", () => {
  it("reads a date-time picker's value as UTC, and a full ISO date-time with its zone as it is", () => {
    expect(readDateTimeField('2026-12-31T23:59')?.toISOString()).to.equal('2026-12-31T23:59:00.000Z');
    expect(readDateTimeField('2026-12-31T23:59:30')?.toISOString()).to.equal('2026-12-31T23:59:30.000Z');
    expect(readDateTimeField('2026-12-31T23:59:00+03:00')?.toISOString()).to.equal('2026-12-31T20:59:00.000Z');
    for (const text of ['', 'next friday', '2026-12-31', '2026-13-40T25:99', '2026-12-31 23:59']) expect(readDateTimeField(text), text).to.equal(undefined);
  });

  it("hands the API an ISO date-time, leaving text that names no instant for the API's schema to refuse", () => {
    expect(dateTimeFieldAsIso('2099-12-31T23:59')).to.equal('2099-12-31T23:59:00.000Z');
    expect(dateTimeFieldAsIso('next friday')).to.equal('next friday');
    expect(dateTimeFieldAsIso('')).to.equal('');
  });

  it('shows an instant in the picker in UTC, to the minute or the second it has', () => {
    expect(dateTimeFieldValue('2099-12-31T20:59:00.000-03:00')).to.equal('2099-12-31T23:59');
    expect(dateTimeFieldValue('2099-12-31T23:59:07Z')).to.equal('2099-12-31T23:59:07');
    expect(dateTimeFieldValue('')).to.equal('');
  });
});
