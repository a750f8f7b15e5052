import { expect } from 'chai';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/examples.mobile.json' with { type: 'json' };
import { PrefixTable } from '../src/domain/numbers/prefix-table.ts';
import { PhoneNumber, validateNumber, validateNumbers, type InvalidPhoneNumberReason, type NumberValidation } from '../src/numbers.ts';

/** The 54 African markets, ISO 3166-1 alpha-2. */
const AFRICAN_MARKETS: readonly CountryCode[] = [
  'DZ', 'AO', 'BJ', 'BW', 'BF', 'BI', 'CV', 'CM', 'CF', 'TD', 'KM', 'CG', 'CD', 'CI', 'DJ', 'EG', 'GQ', 'ER',
  'SZ', 'ET', 'GA', 'GM', 'GH', 'GN', 'GW', 'KE', 'LS', 'LR', 'LY', 'MG', 'MW', 'ML', 'MR', 'MU', 'MA', 'MZ',
  'NA', 'NE', 'NG', 'RW', 'ST', 'SN', 'SC', 'SL', 'SO', 'SS', 'SD', 'TZ', 'TG', 'TN', 'UG', 'ZA', 'ZM', 'ZW',
];

const invalid = (input: string, reason: InvalidPhoneNumberReason, country: string | null, possible = false): NumberValidation => ({
  input,
  e164: null,
  valid: false,
  possible,
  country,
  type: 'unknown',
  carrier: null,
  location: null,
  national: null,
  reason,
});

describe('PhoneNumber', () => {
  describe('create', () => {
    const kenyanForms = [
      '+254712345678',
      '00254712345678',
      '+254 712 345 678',
      '+254-712-345-678',
      '(+254) 712.345.678',
      '+254 (712) 345/678',
      '+254 (0) 712 345 678',
      '00 254 712 345 678',
      '  +254712345678\n',
      '+254\u00a0712\u00a0345\u00a0678',
      '\ufeff+254712345678',
      '+254–712–345–678',
      '＋２５４７１２３４５６７８',
      '٠٠٢٥٤٧١٢٣٤٥٦٧٨',
    ];
    for (const form of kenyanForms) {
      it(`reads ${JSON.stringify(form)} as +254712345678 (KE)`, () => {
        const number = PhoneNumber.create(form)._unsafeUnwrap();
        expect(number.e164).to.equal('+254712345678');
        expect(number.country).to.equal('KE');
        expect(number.callingCode).to.equal('254');
        expect(number.type).to.equal('mobile');
        expect(number.toString()).to.equal('+254712345678');
      });
    }

    it('treats every JavaScript whitespace character as a separator', () => {
      const whitespace = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter((char) => /\s/.test(char));
      expect(whitespace.length).to.be.greaterThan(20);
      for (const char of whitespace) {
        expect(PhoneNumber.create(`${char}+254${char}712${char}345678`).isOk(), `U+${char.charCodeAt(0).toString(16)}`).to.equal(true);
      }
    });

    it('gives the country of the number, not only of the calling code', () => {
      expect(PhoneNumber.create('+12025550100')._unsafeUnwrap().country).to.equal('US');
      expect(PhoneNumber.create('+212612345678')._unsafeUnwrap().country).to.equal('MA');
    });

    const rejections: ReadonlyArray<[string, InvalidPhoneNumberReason]> = [
      ['', 'not_numeric'],
      ['abc', 'not_numeric'],
      ['+254 712 ABC 678', 'not_numeric'],
      ['tel:+254712345678', 'not_numeric'],
      ['+254712345678 ext. 12', 'not_numeric'],
      ['0712345678', 'parse_error'],
      ['254712345678', 'parse_error'],
      ['+999 123 456 789', 'parse_error'],
      ['+2547123', 'impossible_number'],
      ['+254123456789', 'invalid_number'],
    ];
    for (const [input, reason] of rejections) {
      it(`rejects ${JSON.stringify(input)} as ${reason}`, () => {
        const error = PhoneNumber.create(input)._unsafeUnwrapErr();
        expect(error.type).to.equal('invalid_phone_number');
        expect(error.reason).to.equal(reason);
        expect(error.message).to.be.a('string').and.not.equal('');
        expect(Object.keys(error).sort()).to.deep.equal(['message', 'reason', 'type']);
      });
    }
  });

  describe('equals', () => {
    it('is equality of the E.164 form, whatever the input format', () => {
      const a = PhoneNumber.create('+254 712 345 678')._unsafeUnwrap();
      const b = PhoneNumber.create('00254-712-345678')._unsafeUnwrap();
      const c = PhoneNumber.create('+254712345679')._unsafeUnwrap();
      expect(a.equals(b)).to.equal(true);
      expect(b.equals(a)).to.equal(true);
      expect(a.equals(c)).to.equal(false);
    });
  });
});

describe('validateNumber', () => {
  it('returns exactly the fields of the spec, for a valid Kenyan mobile', () => {
    expect(validateNumber('+254 712 345 678')).to.deep.equal({
      input: '+254 712 345 678',
      e164: '+254712345678',
      valid: true,
      possible: true,
      country: 'KE',
      type: 'mobile',
      carrier: 'Safaricom',
      location: null,
      national: '0712 345678',
      reason: null,
    });
  });

  it('returns a fixed line with its area and no carrier', () => {
    expect(validateNumber('+254 20 2222222')).to.deep.equal({
      input: '+254 20 2222222',
      e164: '+254202222222',
      valid: true,
      possible: true,
      country: 'KE',
      type: 'fixed_line',
      carrier: null,
      location: 'Nairobi',
      national: '020 2222222',
      reason: null,
    });
  });

  describe('mobiles get their originally assigned carrier', () => {
    const mobiles: ReadonlyArray<[string, string, string, string]> = [
      ['+254712345678', 'KE', 'Safaricom', '0712 345678'],
      ['+254733123456', 'KE', 'Airtel', '0733 123456'],
      ['+2348031234567', 'NG', 'MTN', '0803 123 4567'],
      ['+2347020123456', 'NG', 'Smile', '0702 012 3456'],
      ['+2347025123456', 'NG', 'MTN', '0702 512 3456'],
      ['+233241234567', 'GH', 'MTN', '024 123 4567'],
      ['+233201234567', 'GH', 'Telecel', '020 123 4567'],
      ['+27821234567', 'ZA', 'Vodacom', '082 123 4567'],
      ['+201001234567', 'EG', 'Vodafone', '010 01234567'],
      ['+256772123456', 'UG', 'MTN', '0772 123456'],
      ['+255754123456', 'TZ', 'Vodacom', '0754 123 456'],
      ['+221771234567', 'SN', 'Orange', '77 123 45 67'],
      ['+2250708123456', 'CI', 'Orange', '07 08 12 3456'],
      ['+212650123456', 'MA', 'Maroc Telecom', '06 50 12 34 56'],
    ];
    for (const [input, country, carrier, national] of mobiles) {
      it(`${input} is a ${country} mobile of ${carrier}`, () => {
        const result = validateNumber(input);
        expect(result).to.include({ e164: input, valid: true, country, type: 'mobile', carrier, location: null, national, reason: null });
      });
    }
  });

  describe('fixed lines get their area', () => {
    const fixedLines: ReadonlyArray<[string, string, string]> = [
      ['+27 11 123 4567', 'ZA', 'Johannesburg'],
      ['+20 2 12345678', 'EG', 'Cairo/Giza/Qalyubia'],
      ['+233 30 212 3456', 'GH', 'Accra'],
      ['+221 33 821 23 45', 'SN', 'Dakar'],
      ['+256 414 123456', 'UG', 'Kampala'],
      ['+255 22 212 3456', 'TZ', 'Dar-Es-Salaam'],
      ['+212 528 81 23 45', 'MA', 'Agadir/Es-Semara/Tarfaya'],
    ];
    for (const [input, country, location] of fixedLines) {
      it(`${input} is a ${country} fixed line in ${location}`, () => {
        expect(validateNumber(input)).to.include({ valid: true, country, type: 'fixed_line', carrier: null, location });
      });
    }
  });

  it('types non-mobile services (toll free) and gives them neither carrier nor area', () => {
    expect(validateNumber('+234 800 123 4567')).to.include({
      e164: '+2348001234567',
      valid: true,
      country: 'NG',
      type: 'toll_free',
      carrier: null,
      location: null,
    });
  });

  it('validates numbers outside Africa, without carrier or area data', () => {
    expect(validateNumber('+1 202 555 0100')).to.deep.equal({
      input: '+1 202 555 0100',
      e164: '+12025550100',
      valid: true,
      possible: true,
      country: 'US',
      type: 'fixed_line_or_mobile',
      carrier: null,
      location: null,
      national: '(202) 555-0100',
      reason: null,
    });
  });

  it('recognises an example mobile number of each of the 54 African markets, with its carrier', () => {
    const examples = mobileExamples as Partial<Record<CountryCode, string>>;
    for (const country of AFRICAN_MARKETS) {
      const input = `+${getCountryCallingCode(country)}${examples[country] ?? ''}`;
      const result = validateNumber(input);
      expect(result, input).to.include({ valid: true, country, type: 'mobile' });
      expect(result.carrier, input).to.be.a('string');
    }
  });

  describe('impossible lengths', () => {
    const cases: ReadonlyArray<[string, string | null]> = [
      ['+254', 'KE'],
      ['+2547', 'KE'],
      ['+2547123', 'KE'],
      ['+25471234567890', 'KE'],
      ['+2547123456789012345678', 'KE'],
      ['+23412345678', 'NG'],
      ['+27 82 12', 'ZA'],
      ['+20 100 123 45678 9', 'EG'],
      ['+2120', null],
    ];
    for (const [input, country] of cases) {
      it(`${input} is impossible_number (country ${String(country)})`, () => {
        expect(validateNumber(input)).to.deep.equal(invalid(input, 'impossible_number', country));
      });
    }
  });

  describe('possible lengths outside assigned ranges', () => {
    const cases: ReadonlyArray<[string, string]> = [
      ['+254123456789', 'KE'],
      ['+254900123456', 'KE'],
      ['+221331234567', 'SN'],
      ['+2252722123456', 'CI'],
      ['+264611234567', 'NA'],
    ];
    for (const [input, country] of cases) {
      it(`${input} is invalid_number but possible (country ${country})`, () => {
        expect(validateNumber(input)).to.deep.equal(invalid(input, 'invalid_number', country, true));
      });
    }
  });

  describe('not an international number of a country: parse_error', () => {
    const cases = [
      '0712345678',
      '254712345678',
      '+2',
      '+25',
      '+999 123 456 789',
      '+800 1234 5678',
      '+882 123 456 789',
      '+254+712345678',
      '2547123+45678',
      '00',
      '000254712345678',
      '+00254712345678',
    ];
    for (const input of cases) {
      it(JSON.stringify(input), () => {
        expect(validateNumber(input)).to.deep.equal(invalid(input, 'parse_error', null));
      });
    }
  });

  describe('junk: not_numeric', () => {
    const cases = ['', '   ', '+', '-()-', 'abc', 'phone', '+254 712 ABC 678', '+254712345678 ext. 12', 'tel:+254712345678', '+254712345678#', '📱+254712345678', '+254 712 345 678\u0000', '１２３\uD800'];
    for (const input of cases) {
      it(JSON.stringify(input), () => {
        expect(validateNumber(input)).to.deep.equal(invalid(input, 'not_numeric', null));
      });
    }
  });

  describe('huge strings', () => {
    it('a million digits after a calling code are impossible_number', () => {
      const input = `+254${'7'.repeat(1_000_000)}`;
      expect(validateNumber(input)).to.deep.equal(invalid(input, 'impossible_number', 'KE'));
    });

    it('a million letters are not_numeric', () => {
      const input = 'a'.repeat(1_000_000);
      expect(validateNumber(input).reason).to.equal('not_numeric');
    });

    it('a valid number padded with a hundred thousand spaces is still that number', () => {
      const padding = ' '.repeat(100_000);
      expect(validateNumber(`${padding}+254712345678${padding}`)).to.include({ valid: true, e164: '+254712345678' });
    });
  });
});

describe('validateNumbers', () => {
  it('counts valid, invalid and mobile results, in input order', () => {
    const inputs = ['+254712345678', '+254 20 2222222', 'abc', '+2348031234567', '+2547123', '+1 202 555 0100'];
    const batch = validateNumbers(inputs);
    expect(batch).to.include({ count: 6, valid: 4, invalid: 2, mobile: 2 });
    expect(batch.results.map((result) => result.input)).to.deep.equal(inputs);
    expect(batch.results.map((result) => result.type)).to.deep.equal(['mobile', 'fixed_line', 'unknown', 'mobile', 'unknown', 'fixed_line_or_mobile']);
  });

  it('of no numbers is all zeros', () => {
    expect(validateNumbers([])).to.deep.equal({ count: 0, valid: 0, invalid: 0, mobile: 0, results: [] });
  });
});

describe('PrefixTable', () => {
  const table = PrefixTable.fromData({
    '254': [
      ['Seven', '7'],
      ['Seventy-one', '71 7123'],
    ],
    '27': [['Eight', '8']],
  });

  it('answers the longest matching prefix of the national number', () => {
    expect(table.lookup('254', '712345678')).to.equal('Seventy-one');
    expect(table.lookup('254', '71234567')).to.equal('Seventy-one');
    expect(table.lookup('254', '799999999')).to.equal('Seven');
    expect(table.lookup('27', '821234567')).to.equal('Eight');
  });

  it('answers null with no matching prefix or no table for the calling code', () => {
    expect(table.lookup('254', '112345678')).to.equal(null);
    expect(table.lookup('254', '')).to.equal(null);
    expect(table.lookup('255', '712345678')).to.equal(null);
  });
});
