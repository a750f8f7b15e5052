import { expect } from 'chai';
import fc from 'fast-check';
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/examples.mobile.json' with { type: 'json' };
import { PhoneNumber, validateNumber, type NumberValidation } from '../src/numbers.ts';

const FIELDS = ['carrier', 'country', 'e164', 'input', 'location', 'national', 'possible', 'reason', 'type', 'valid'];
const REASONS = ['not_numeric', 'parse_error', 'invalid_number', 'impossible_number'];

// ---- arbitraries -------------------------------------------------------------------------------

const numberishChar = fc.constantFrom(...'0123456789+ -().'.split(''), '/', '\u00a0', '٢', '５', 'x');
/** Any string: ASCII, full Unicode (lone surrogates included), graphemes, and number-looking noise. */
const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: numberishChar, maxLength: 30 }),
);

const SOME_AFRICAN_MARKETS: readonly CountryCode[] = ['KE', 'NG', 'GH', 'ZA', 'EG', 'UG', 'TZ', 'SN', 'CI', 'MA', 'ET', 'CM', 'DZ', 'RW'];
const examples = mobileExamples as Partial<Record<CountryCode, string>>;
const digit = fc.constantFrom(...'0123456789'.split(''));

/**
 * International numbers near real ones: a calling code, then an example mobile number whose tail
 * is replaced by random digits (sometimes one digit shorter or longer). Mostly valid, often not.
 */
const africanDigits = fc
  .record({
    country: fc.constantFrom(...SOME_AFRICAN_MARKETS),
    keep: fc.integer({ min: 1, max: 4 }),
    lengthDelta: fc.constantFrom(0, 0, 0, 0, -1, 1),
    tail: fc.array(digit, { minLength: 14, maxLength: 14 }),
  })
  .map(({ country, keep, lengthDelta, tail }) => {
    const example = examples[country] ?? '';
    const national = (example.slice(0, keep) + tail.join('')).slice(0, example.length + lengthDelta);
    return `${getCountryCallingCode(country)}${national}`;
  });

/** Writes the digits as a person might: `+` or `00`, separators between digits. */
const formatted = (digits: string): fc.Arbitrary<string> =>
  fc
    .record({
      prefix: fc.constantFrom('+', '00', '+ ', '(+', '00 '),
      separators: fc.array(fc.constantFrom('', '', '', ' ', '-', '.', ') ', '\u00a0'), {
        minLength: digits.length,
        maxLength: digits.length,
      }),
    })
    .map(({ prefix, separators }) => prefix + [...digits].map((d, i) => d + (separators[i] ?? '')).join(''));

const africanNumber = africanDigits.map((digits) => `+${digits}`);

const withoutInput = ({ input: _input, ...rest }: NumberValidation): Omit<NumberValidation, 'input'> => rest;

// ---- laws --------------------------------------------------------------------------------------

describe('validateNumber properties', () => {
  it('is total: any string gets exactly the spec fields, echoing the input, with a known reason', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const result = validateNumber(input);
        expect(Object.keys(result).sort()).to.deep.equal(FIELDS);
        expect(result.input).to.equal(input);
        expect(result.reason === null || REASONS.includes(result.reason)).to.equal(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('is consistent: valid iff no reason; valid implies e164, country, national and a type; invalid implies none', () => {
    fc.assert(
      fc.property(fc.oneof(anyString, africanNumber), (input) => {
        const result = validateNumber(input);
        expect(result.valid).to.equal(result.reason === null);
        if (result.valid) {
          expect(result.e164).to.match(/^\+[1-9]\d{1,14}$/);
          expect(result.country).to.match(/^[A-Z]{2}$/);
          expect(result.national).to.be.a('string');
          expect(result.possible).to.equal(true);
          expect(result.type).to.not.equal('unknown');
        } else {
          expect(result).to.include({ e164: null, type: 'unknown', carrier: null, location: null, national: null });
          expect(result.possible).to.equal(result.reason === 'invalid_number');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips: a valid result\'s e164 makes a PhoneNumber with the same e164 and country, and validates the same', () => {
    fc.assert(
      fc.property(africanNumber, (input) => {
        const result = validateNumber(input);
        if (!result.valid || result.e164 === null) return;
        const number = PhoneNumber.create(result.e164)._unsafeUnwrap();
        expect(number.e164).to.equal(result.e164);
        expect(number.country).to.equal(result.country);
        expect(number.type).to.equal(result.type);
        expect(withoutInput(validateNumber(result.e164))).to.deep.equal(withoutInput(result));
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees with PhoneNumber.create: Ok exactly when valid, with the same reason otherwise', () => {
    fc.assert(
      fc.property(fc.oneof(anyString, africanNumber), (input) => {
        const result = validateNumber(input);
        PhoneNumber.create(input).match(
          (number) => expect([result.valid, result.e164]).to.deep.equal([true, number.e164]),
          (error) => expect([result.valid, result.reason]).to.deep.equal([false, error.reason]),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees with libphonenumber on E.164 input: valid iff isPossible and isValid, possible iff isPossible', () => {
    fc.assert(
      fc.property(africanNumber, (input) => {
        const result = validateNumber(input);
        const parsed = parsePhoneNumberFromString(input);
        const possible = parsed?.isPossible() ?? false;
        expect([result.valid, result.possible]).to.deep.equal([possible && (parsed?.isValid() ?? false), possible]);
        if (parsed && result.valid) expect(result.e164).to.equal(parsed.number);
      }),
      { numRuns: 1000 },
    );
  });

  it('ignores formatting: +/00 and separators give the same validation as the bare E.164 digits', () => {
    fc.assert(
      fc.property(africanDigits.chain((digits) => fc.tuple(fc.constant(digits), formatted(digits))), ([digits, input]) => {
        expect(withoutInput(validateNumber(input))).to.deep.equal(withoutInput(validateNumber(`+${digits}`)));
      }),
      { numRuns: 1000 },
    );
  });

  it('the number arbitrary reaches both valid and invalid numbers, so the laws above are not vacuous', () => {
    const sample = fc.sample(africanNumber, { numRuns: 500, seed: 42 }).map(validateNumber);
    const valid = sample.filter((result) => result.valid).length;
    expect(valid).to.be.greaterThan(100);
    expect(sample.length - valid).to.be.greaterThan(50);
  });
});
