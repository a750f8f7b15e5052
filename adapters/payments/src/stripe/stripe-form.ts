/** A Stripe request parameter: a scalar, or nested objects and lists of them. */
export type StripeParam = string | number | boolean | readonly StripeParam[] | { readonly [key: string]: StripeParam | undefined };

/**
 * Stripe's form encoding of nested parameters: `line_items[0][price_data][currency]=usd`.
 * Undefined values are left out; keys keep their order.
 */
export function encodeStripeForm(params: { readonly [key: string]: StripeParam | undefined }): string {
  const pairs: [string, string][] = [];
  const walk = (prefix: string, value: StripeParam | undefined): void => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item: StripeParam, index: number) => walk(`${prefix}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value as Record<string, StripeParam | undefined>)) walk(`${prefix}[${key}]`, item);
    } else {
      pairs.push([prefix, String(value)]);
    }
  };
  for (const [key, value] of Object.entries(params)) walk(key, value);
  return new URLSearchParams(pairs).toString();
}
