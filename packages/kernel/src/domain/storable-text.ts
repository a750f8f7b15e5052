/**
 * What no text column can hold: NUL, and a UTF-16 surrogate without its pair (it has no UTF-8
 * form). The HTTP door refuses both in every request, and use cases check the texts they compose.
 */
const UNSTORABLE = /[\u0000\p{Cs}]/u;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** The text with each character no column can hold replaced by U+FFFD. */
export const storableText = (text: string): string => text.replace(new RegExp(UNSTORABLE.source, 'gu'), '\uFFFD');

export const UNSTORABLE_TEXT_MESSAGE = 'Contains a NUL character or an unpaired UTF-16 surrogate, which text cannot hold';
