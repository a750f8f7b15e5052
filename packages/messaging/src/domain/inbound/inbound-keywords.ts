/**
 * STOP and START keywords of inbound messages (the spec's "Opt-out list" states). A message is a
 * keyword when the whole of it, read as `normalizeKeyword` says, is one of the lists' words: "Stop",
 * " STOP! ", "opt out" are; "Stop by the shop tomorrow" is not (first-word matching would opt people
 * out of what they never meant to leave). docs/inbound.md, "Keywords".
 */

/** Words that put the texter on the account's opt-out list. */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'STOP ALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'OPT-OUT', 'OPT OUT', 'REVOKE', 'ARRET', 'ARRÊT'] as const;

/** Words that take the texter off it. `YES` is not one: a late "yes" to an old question must not lift an opt-out. */
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'SUBSCRIBE', 'RESUME', 'OPTIN', 'OPT-IN', 'OPT IN'] as const;

export type KeywordAction = 'opt_out' | 'opt_in';

export interface RecognisedKeyword {
  /** The keyword as the lists spell it (`STOP`, `OPT OUT`): what the opt-out list and the event carry. */
  readonly keyword: string;
  readonly action: KeywordAction;
}

const ACTIONS: ReadonlyMap<string, KeywordAction> = new Map([
  ...OPT_OUT_KEYWORDS.map((keyword) => [keyword, 'opt_out'] as const),
  ...OPT_IN_KEYWORDS.map((keyword) => [keyword, 'opt_in'] as const),
]);

/**
 * The text as keywords are compared: compatibility-normalised (NFKC: full-width letters and
 * ligatures read as plain ones), upper case, without whitespace or punctuation around it, and with
 * each run of inner whitespace as one space.
 */
export function normalizeKeyword(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .replace(/\s+/gu, ' ');
}

/** The keyword the whole message is, or null. Case and surrounding whitespace never change the answer. */
export function recogniseKeyword(text: string): RecognisedKeyword | null {
  const keyword = normalizeKeyword(text);
  const action = ACTIONS.get(keyword);
  return action === undefined ? null : { keyword, action };
}
