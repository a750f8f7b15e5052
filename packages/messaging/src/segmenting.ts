export {
  DEFAULT_MAX_SEGMENTS,
  MAX_CONCATENATED_SEGMENTS,
  SEGMENT_CAPACITY,
  segmentMessage,
  type SegmentCapacity,
  type SegmentedMessage,
  type SegmentMessageOptions,
  type SmsEncoding,
} from './domain/segmenting/segmenter.ts';
export { isGsm7Encodable } from './domain/segmenting/gsm7-alphabet.ts';
export { GSM7_BASIC_TABLE, GSM7_EXTENSION_TABLE } from './domain/segmenting/gsm7-alphabet.ts';
export {
  codePointLabel,
  explainEncoding,
  MAX_EXPLAINED_CHARACTERS,
  smartEncode,
  type EncodingExplanation,
  type SmartEncoded,
  type Ucs2Character,
} from './domain/segmenting/smart-encoding.ts';
export { GSM7_LOOK_ALIKES } from './domain/segmenting/gsm7-look-alikes.ts';
