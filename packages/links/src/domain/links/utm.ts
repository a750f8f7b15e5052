/** UTM parameters a link adds to its target (docs/links.md, "Redirects"): each one set, by its `utm_` name. */
export interface Utm {
  readonly source?: string | null;
  readonly medium?: string | null;
  readonly campaign?: string | null;
  readonly term?: string | null;
  readonly content?: string | null;
}

const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** The link's UTM values with their `utm_` names, only those set. */
export function utmParameters(utm: Utm): [string, string][] {
  return UTM_FIELDS.flatMap((field) => (utm[field] ? [[`utm_${field}`, utm[field]] as [string, string]] : []));
}

/**
 * Where a click goes: the target with the link's UTM parameters merged in. A parameter the target
 * already carries is replaced by the link's (the link is what the campaign set up); every other
 * parameter, and the fragment, is kept as it was.
 */
export function mergeUtm(target: string, utm: Utm): string {
  const parameters = utmParameters(utm);
  if (parameters.length === 0) return target;
  const url = new URL(target);
  for (const [name, value] of parameters) url.searchParams.set(name, value);
  return url.href;
}
