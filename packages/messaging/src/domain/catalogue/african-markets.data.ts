import { currency } from '@tuma/kernel';
import type { Market } from './market.model.ts';

/*
 * The 54 African markets: the 54 UN member states of Africa (all members of the African Union),
 * Morocco, South Sudan and Eritrea included; Western Sahara, Somaliland and overseas territories
 * (Réunion, Mayotte, Saint Helena, ...) are not separate markets.
 *
 * Facts as of 2025 (see docs/catalogue.md for sources and how to change them):
 * - currency: the current ISO 4217 code (SLE, MRU, STN, ZWG, ...). Zimbabwe's legal currency is the
 *   ZiG (ZWG) although US dollars are widely used; the market keeps ZWG and the sample route for
 *   Zimbabwe is priced in USD instead (see sample-routes.data.ts).
 * - networks: brands as customers see them, with the former name where a rebrand is recent
 *   (Axian's Telma/Tigo/Free/Togocom -> Yas, 9mobile -> T2, Vodafone Ghana -> Telecel, ...).
 * - senderIdRegistration: whether we register alphanumeric sender IDs with the networks before
 *   use. Where the networks' practice was unclear we say true: registering needlessly delays a
 *   sender, not registering where it is required gets their traffic blocked.
 * - senderIdFree: true only where no registration is needed (see Market.senderIdFree).
 */

const REGISTER = 'Alphanumeric sender IDs must be registered with the networks before use; unregistered IDs are blocked or replaced.';
const NO_REGISTRATION = 'No sender ID pre-registration; networks may replace an alphanumeric sender ID with a numeric one.';
const CONSENT = "Promotional messages need the recipient's prior consent and a working opt-out.";
const BRAND = 'A sender ID must identify the sender; IDs imitating banks, public bodies or other brands are rejected.';

interface MarketRow {
  readonly countryCode: string;
  readonly name: string;
  readonly callingCode: string;
  readonly currency: string;
  readonly networks: readonly string[];
  readonly regulator: string;
  readonly senderIdRegistration: boolean;
  readonly senderIdFree: boolean;
  readonly promoNote?: string;
  readonly extraRules?: readonly string[];
  /** Defaults to true. */
  readonly otpAvailable?: boolean;
  /** Defaults to false. */
  readonly twoWay?: boolean;
}

function market(row: MarketRow): Market {
  return {
    countryCode: row.countryCode,
    name: row.name,
    callingCode: row.callingCode,
    currency: currency(row.currency),
    networks: row.networks,
    regulator: row.regulator,
    senderIdRegistration: row.senderIdRegistration,
    senderIdFree: row.senderIdFree,
    promoNote: row.promoNote ?? null,
    rules: [row.senderIdRegistration ? REGISTER : NO_REGISTRATION, CONSENT, BRAND, ...(row.extraRules ?? [])],
    otpAvailable: row.otpAvailable ?? true,
    twoWay: row.twoWay ?? false,
  };
}

/** All 54 markets, ordered by English name. */
export const AFRICAN_MARKETS: readonly Market[] = [
  market({
    countryCode: 'DZ', name: 'Algeria', callingCode: '213', currency: 'DZD',
    networks: ['Mobilis', 'Djezzy', 'Ooredoo Algeria'],
    regulator: 'Autorité de Régulation de la Poste et des Communications Électroniques (ARPCE)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'AO', name: 'Angola', callingCode: '244', currency: 'AOA',
    networks: ['Unitel', 'Africell Angola', 'Movicel'],
    regulator: 'Instituto Angolano das Comunicações (INACOM)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'BJ', name: 'Benin', callingCode: '229', currency: 'XOF',
    networks: ['MTN Benin', 'Moov Africa Benin', 'Celtiis'],
    regulator: 'Autorité de Régulation des Communications Électroniques et de la Poste (ARCEP Bénin)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'BW', name: 'Botswana', callingCode: '267', currency: 'BWP',
    networks: ['Mascom', 'Orange Botswana', 'BTC'],
    regulator: 'Botswana Communications Regulatory Authority (BOCRA)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'BF', name: 'Burkina Faso', callingCode: '226', currency: 'XOF',
    networks: ['Orange Burkina Faso', 'Moov Africa Burkina Faso', 'Telecel Faso'],
    regulator: 'Autorité de Régulation des Communications Électroniques et des Postes (ARCEP Burkina Faso)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'BI', name: 'Burundi', callingCode: '257', currency: 'BIF',
    networks: ['Econet Leo', 'Lumitel', 'Onamob'],
    regulator: 'Agence de Régulation et de Contrôle des Télécommunications (ARCT)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'CV', name: 'Cabo Verde', callingCode: '238', currency: 'CVE',
    networks: ['CV Móvel (CVTelecom)', 'Unitel T+'],
    regulator: 'Agência Reguladora Multissectorial da Economia (ARME)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'CM', name: 'Cameroon', callingCode: '237', currency: 'XAF',
    networks: ['MTN Cameroon', 'Orange Cameroun', 'Camtel (Blue)', 'Nexttel'],
    regulator: 'Agence de Régulation des Télécommunications (ART)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'CF', name: 'Central African Republic', callingCode: '236', currency: 'XAF',
    networks: ['Orange Centrafrique', 'Telecel Centrafrique', 'Moov Africa Centrafrique'],
    regulator: 'Autorité de Régulation des Communications Électroniques et de la Poste (ARCEP)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'TD', name: 'Chad', callingCode: '235', currency: 'XAF',
    networks: ['Airtel Tchad', 'Moov Africa Tchad'],
    regulator: 'Autorité de Régulation des Communications Électroniques et des Postes (ARCEP Tchad)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'KM', name: 'Comoros', callingCode: '269', currency: 'KMF',
    networks: ['Comores Telecom (Huri)', 'Yas Comores (formerly Telma)'],
    regulator: 'Autorité Nationale de Régulation des TIC (ANRTIC)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'CI', name: "Côte d'Ivoire", callingCode: '225', currency: 'XOF',
    networks: ["Orange Côte d'Ivoire", "MTN Côte d'Ivoire", "Moov Africa Côte d'Ivoire"],
    regulator: "Autorité de Régulation des Télécommunications/TIC de Côte d'Ivoire (ARTCI)",
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'CD', name: 'Democratic Republic of the Congo', callingCode: '243', currency: 'CDF',
    networks: ['Vodacom Congo', 'Airtel RDC', 'Orange RDC', 'Africell RDC'],
    regulator: 'Autorité de Régulation de la Poste et des Télécommunications du Congo (ARPTC)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'DJ', name: 'Djibouti', callingCode: '253', currency: 'DJF',
    networks: ['Djibouti Telecom'],
    regulator: 'Autorité de Régulation Multisectorielle de Djibouti (ARMD)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'EG', name: 'Egypt', callingCode: '20', currency: 'EGP',
    networks: ['Vodafone Egypt', 'Orange Egypt', 'e& Egypt (Etisalat by e&)', 'WE (Telecom Egypt)'],
    regulator: 'National Telecom Regulatory Authority (NTRA)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'GQ', name: 'Equatorial Guinea', callingCode: '240', currency: 'XAF',
    networks: ['GETESA', 'Muni', 'GECOMSA'],
    regulator: 'Órgano Regulador de las Telecomunicaciones (ORTEL)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'ER', name: 'Eritrea', callingCode: '291', currency: 'ERN',
    networks: ['EriTel'],
    regulator: 'Communications Department, Ministry of Transport and Communications',
    senderIdRegistration: false, senderIdFree: true,
    // EriTel is the sole network and its international SMS interconnection is limited: OTP stays
    // off here until delivery has been verified, even if the route is activated.
    otpAvailable: false,
  }),
  market({
    countryCode: 'SZ', name: 'Eswatini', callingCode: '268', currency: 'SZL',
    networks: ['MTN Eswatini', 'Eswatini Mobile'],
    regulator: 'Eswatini Communications Commission (ESCCOM)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'ET', name: 'Ethiopia', callingCode: '251', currency: 'ETB',
    networks: ['Ethio telecom', 'Safaricom Ethiopia'],
    regulator: 'Ethiopian Communications Authority (ECA)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'GA', name: 'Gabon', callingCode: '241', currency: 'XAF',
    networks: ['Airtel Gabon', 'Moov Africa Gabon Telecom'],
    regulator: 'Autorité de Régulation des Communications Électroniques et des Postes (ARCEP Gabon)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'GM', name: 'Gambia', callingCode: '220', currency: 'GMD',
    networks: ['Africell', 'QCell', 'Comium', 'Gamcel'],
    regulator: 'Public Utilities Regulatory Authority (PURA)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'GH', name: 'Ghana', callingCode: '233', currency: 'GHS',
    networks: ['MTN Ghana', 'Telecel Ghana', 'AT Ghana'],
    regulator: 'National Communications Authority (NCA)',
    senderIdRegistration: true, senderIdFree: false,
    twoWay: true,
  }),
  market({
    countryCode: 'GN', name: 'Guinea', callingCode: '224', currency: 'GNF',
    networks: ['Orange Guinée', 'MTN Guinée', 'Cellcom Guinée'],
    regulator: 'Autorité de Régulation des Postes et Télécommunications (ARPT)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'GW', name: 'Guinea-Bissau', callingCode: '245', currency: 'XOF',
    networks: ['Orange Bissau', 'Telecel Guiné-Bissau (formerly MTN)'],
    regulator: 'Autoridade Reguladora Nacional das Tecnologias de Informação e Comunicação (ARN)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'KE', name: 'Kenya', callingCode: '254', currency: 'KES',
    networks: ['Safaricom', 'Airtel Kenya', 'Telkom Kenya', 'Equitel'],
    regulator: 'Communications Authority of Kenya (CA)',
    senderIdRegistration: true, senderIdFree: false,
    promoNote:
      'Communications Authority of Kenya consumer-protection guidelines allow marketing SMS only between 07:00 and 19:00 '
      + 'unless the recipient asked otherwise, on an opt-in basis with an opt-out in every message.',
    extraRules: [
      'Sender IDs are registered per network (Safaricom, Airtel, Telkom, Equitel).',
      'Personal data used for messaging is subject to the Data Protection Act, 2019.',
    ],
    twoWay: true,
  }),
  market({
    countryCode: 'LS', name: 'Lesotho', callingCode: '266', currency: 'LSL',
    networks: ['Vodacom Lesotho', 'Econet Telecom Lesotho'],
    regulator: 'Lesotho Communications Authority (LCA)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'LR', name: 'Liberia', callingCode: '231', currency: 'LRD',
    networks: ['Orange Liberia', 'Lonestar Cell MTN'],
    regulator: 'Liberia Telecommunications Authority (LTA)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'LY', name: 'Libya', callingCode: '218', currency: 'LYD',
    networks: ['Libyana', 'Almadar Aljadid'],
    regulator: 'Communications and Informatics Regulatory Authority',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'MG', name: 'Madagascar', callingCode: '261', currency: 'MGA',
    networks: ['Yas (formerly Telma)', 'Orange Madagascar', 'Airtel Madagascar'],
    regulator: 'Autorité de Régulation des Technologies de Communication (ARTEC)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'MW', name: 'Malawi', callingCode: '265', currency: 'MWK',
    networks: ['Airtel Malawi', 'TNM'],
    regulator: 'Malawi Communications Regulatory Authority (MACRA)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'ML', name: 'Mali', callingCode: '223', currency: 'XOF',
    networks: ['Orange Mali', 'Moov Africa Malitel', 'Telecel Mali'],
    regulator: 'Autorité Malienne de Régulation des Télécommunications/TIC et des Postes (AMRTP)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'MR', name: 'Mauritania', callingCode: '222', currency: 'MRU',
    networks: ['Moov Africa Mauritel', 'Mattel', 'Chinguitel'],
    regulator: 'Autorité de Régulation Multisectorielle (ARE)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'MU', name: 'Mauritius', callingCode: '230', currency: 'MUR',
    networks: ['my.t mobile', 'Emtel', 'CHiLi (MTML)'],
    regulator: 'Information and Communication Technologies Authority (ICTA)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'MA', name: 'Morocco', callingCode: '212', currency: 'MAD',
    networks: ['Maroc Telecom', 'Orange Maroc', 'inwi'],
    regulator: 'Agence Nationale de Réglementation des Télécommunications (ANRT)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'MZ', name: 'Mozambique', callingCode: '258', currency: 'MZN',
    networks: ['Vodacom Mozambique', 'Movitel', 'Tmcel'],
    regulator: 'Autoridade Reguladora das Comunicações (INCM)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'NA', name: 'Namibia', callingCode: '264', currency: 'NAD',
    networks: ['MTC', 'TN Mobile (Telecom Namibia)'],
    regulator: 'Communications Regulatory Authority of Namibia (CRAN)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'NE', name: 'Niger', callingCode: '227', currency: 'XOF',
    networks: ['Airtel Niger', 'Moov Africa Niger', 'Zamani Telecom', 'Niger Telecoms'],
    regulator: 'Autorité de Régulation des Communications Électroniques et de la Poste (ARCEP Niger)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'NG', name: 'Nigeria', callingCode: '234', currency: 'NGN',
    networks: ['MTN Nigeria', 'Airtel Nigeria', 'Globacom', 'T2 (formerly 9mobile)'],
    regulator: 'Nigerian Communications Commission (NCC)',
    senderIdRegistration: true, senderIdFree: false,
    promoNote:
      'Promotional SMS is not delivered to numbers on the NCC Do-Not-Disturb (DND) service: subscribers opt out '
      + 'fully or by category through short code 2442.',
    extraRules: ['Promotional and transactional traffic are separate: OTPs and alerts must not carry promotions.'],
    twoWay: true,
  }),
  market({
    countryCode: 'CG', name: 'Republic of the Congo', callingCode: '242', currency: 'XAF',
    networks: ['MTN Congo', 'Airtel Congo'],
    regulator: 'Agence de Régulation des Postes et des Communications Électroniques (ARPCE)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'RW', name: 'Rwanda', callingCode: '250', currency: 'RWF',
    networks: ['MTN Rwanda', 'Airtel Rwanda'],
    regulator: 'Rwanda Utilities Regulatory Authority (RURA)',
    senderIdRegistration: true, senderIdFree: false,
    twoWay: true,
  }),
  market({
    countryCode: 'ST', name: 'São Tomé and Príncipe', callingCode: '239', currency: 'STN',
    networks: ['CST', 'Unitel STP'],
    regulator: 'Autoridade Geral de Regulação (AGER)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'SN', name: 'Senegal', callingCode: '221', currency: 'XOF',
    networks: ['Orange (Sonatel)', 'Yas (formerly Free)', 'Expresso'],
    regulator: 'Autorité de Régulation des Télécommunications et des Postes (ARTP)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'SC', name: 'Seychelles', callingCode: '248', currency: 'SCR',
    networks: ['Cable & Wireless Seychelles', 'Airtel Seychelles'],
    regulator: 'Seychelles Communications Regulatory Authority (SCRA)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'SL', name: 'Sierra Leone', callingCode: '232', currency: 'SLE',
    networks: ['Orange Sierra Leone', 'Africell Sierra Leone', 'Qcell'],
    regulator: 'National Communications Authority (NatCA)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'SO', name: 'Somalia', callingCode: '252', currency: 'SOS',
    networks: ['Hormuud', 'Somtel', 'Golis', 'Telesom'],
    regulator: 'National Communications Authority (NCA)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'ZA', name: 'South Africa', callingCode: '27', currency: 'ZAR',
    networks: ['Vodacom', 'MTN South Africa', 'Cell C', 'Telkom Mobile'],
    regulator: 'Independent Communications Authority of South Africa (ICASA)',
    senderIdRegistration: false, senderIdFree: true,
    promoNote:
      'Direct marketing may not be sent on Sundays or public holidays, on Saturdays before 09:00 or after 13:00, '
      + 'or on other days between 20:00 and 08:00 (Consumer Protection Act regulations), unless the recipient agreed otherwise.',
    extraRules: [
      'Electronic direct marketing needs opt-in consent under POPIA (section 69).',
      'Marketing messages must honour STOP requests as the WASPA Code of Conduct requires.',
    ],
    twoWay: true,
  }),
  market({
    countryCode: 'SS', name: 'South Sudan', callingCode: '211', currency: 'SSP',
    networks: ['MTN South Sudan', 'Zain South Sudan', 'Digitel'],
    regulator: 'National Communication Authority (NCA)',
    senderIdRegistration: false, senderIdFree: true,
  }),
  market({
    countryCode: 'SD', name: 'Sudan', callingCode: '249', currency: 'SDG',
    networks: ['Zain Sudan', 'MTN Sudan', 'Sudani'],
    regulator: 'Telecommunications and Post Regulatory Authority (TPRA)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'TZ', name: 'Tanzania', callingCode: '255', currency: 'TZS',
    networks: ['Vodacom Tanzania', 'Airtel Tanzania', 'Yas (formerly Tigo, incl. Zantel)', 'Halotel', 'TTCL'],
    regulator: 'Tanzania Communications Regulatory Authority (TCRA)',
    senderIdRegistration: true, senderIdFree: false,
    twoWay: true,
  }),
  market({
    countryCode: 'TG', name: 'Togo', callingCode: '228', currency: 'XOF',
    networks: ['Yas Togo (formerly Togocom)', 'Moov Africa Togo'],
    regulator: 'Autorité de Régulation des Communications Électroniques et des Postes (ARCEP Togo)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'TN', name: 'Tunisia', callingCode: '216', currency: 'TND',
    networks: ['Tunisie Telecom', 'Ooredoo Tunisie', 'Orange Tunisie'],
    regulator: 'Instance Nationale des Télécommunications (INT)',
    senderIdRegistration: true, senderIdFree: false,
  }),
  market({
    countryCode: 'UG', name: 'Uganda', callingCode: '256', currency: 'UGX',
    networks: ['MTN Uganda', 'Airtel Uganda', 'Uganda Telecom'],
    regulator: 'Uganda Communications Commission (UCC)',
    senderIdRegistration: true, senderIdFree: false,
    extraRules: ['Sender IDs are registered separately with MTN and Airtel.'],
    twoWay: true,
  }),
  market({
    countryCode: 'ZM', name: 'Zambia', callingCode: '260', currency: 'ZMW',
    networks: ['MTN Zambia', 'Airtel Zambia', 'Zamtel', 'Zed Mobile'],
    regulator: 'Zambia Information and Communications Technology Authority (ZICTA)',
    senderIdRegistration: true, senderIdFree: false,
    twoWay: true,
  }),
  market({
    countryCode: 'ZW', name: 'Zimbabwe', callingCode: '263', currency: 'ZWG',
    networks: ['Econet Wireless', 'NetOne', 'Telecel Zimbabwe'],
    regulator: 'Postal and Telecommunications Regulatory Authority of Zimbabwe (POTRAZ)',
    senderIdRegistration: true, senderIdFree: false,
  }),
];
