/**
 * A DI key typed by the port it resolves to. A plain symbol (inversify accepts symbols as service
 * identifiers) so the domain needs no container import; the phantom type keeps bindings honest.
 */
export type Token<Port> = symbol & { readonly __port?: Port };

export const token = <Port>(description: string): Token<Port> => Symbol.for(`tuma.${description}`) as Token<Port>;
