/** Character rules shared by the texts accounts store (template names and texts, contact lists and members). */

/** Characters as the limits count them: Unicode code points (an emoji is one). */
export const lengthOf = (text: string): number => [...text].length;

/** More than `max` characters (code points); counts them only when the UTF-16 length leaves a doubt. */
export const longerThan = (text: string, max: number): boolean => text.length > max && lengthOf(text) > max;

/** A lone UTF-16 surrogate: it has no UTF-8 form to store. */
export const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** Control characters (Unicode Cc) other than tab, line feed and carriage return, which are text. */
export const TEXT_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Any control character (Unicode Cc), line breaks included: not allowed in names. */
export const NAME_CONTROL = /\p{Cc}/u;
