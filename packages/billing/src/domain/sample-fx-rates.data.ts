/*
 * SAMPLE EXCHANGE RATES: demo data, not market data. Used only to seed a demo install
 * (TUMA_SEED_DEMO, the default for the embedded database) so that a newcomer's USD wallet can get
 * quotes at once. An operator sets real rates with `POST /api/admin/fx-rates` or `fx:set`; a seeded
 * pair is never written over, and a pair that already resolves (directly, inverse or cross) is
 * never seeded.
 *
 * Units of each currency per 1 USD, rounded mid-market levels of the second half of 2025, for the
 * currencies the sample routes are priced in. Pegged currencies use their peg: XOF/XAF (655.957 per
 * EUR), KMF (491.96775 per EUR) and CVE (110.265 per EUR) at about 1.16 USD per EUR, DJF at
 * 177.721, ERN at 15, and LSL/NAD/SZL at par with ZAR.
 */
export const SAMPLE_USD_RATES: Readonly<Record<string, string>> = {
  AOA: '915',
  BIF: '2970',
  BWP: '13.4',
  CVE: '95',
  DJF: '177.721',
  DZD: '132.5',
  EGP: '48.5',
  ERN: '15',
  ETB: '140',
  GHS: '11',
  GMD: '72',
  GNF: '8680',
  KES: '129.3',
  KMF: '424',
  LSL: '17.8',
  LYD: '5.45',
  MAD: '9.1',
  MGA: '4450',
  MRU: '39.8',
  MUR: '45.5',
  MWK: '1735',
  MZN: '63.9',
  NAD: '17.8',
  NGN: '1500',
  RWF: '1440',
  SCR: '14.3',
  SLE: '23',
  STN: '21.1',
  SZL: '17.8',
  TND: '2.95',
  TZS: '2450',
  UGX: '3550',
  XAF: '565',
  XOF: '565',
  ZAR: '17.8',
  ZMW: '23.5',
};

/** Recorded as `updated_by` of seeded rates. */
export const SAMPLE_RATES_SETTER = 'sample-data';
