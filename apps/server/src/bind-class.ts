import type { Token } from '@tuma/kernel';
import type { ContainerModuleLoadOptions } from 'inversify';

/** The tokens of a constructor's parameters, in order, each typed as its parameter. */
export type TokensOf<A extends readonly unknown[]> = { readonly [K in keyof A]: Token<A[K]> };

/**
 * Binds `token` to `new Class(...deps)`, in the container's default scope (the server's is singleton):
 * one line per use case or adapter, checked against the constructor, so a dependency of the wrong
 * port type, a missing one or one too many does not compile.
 */
export function bindClass<T, A extends unknown[]>(
  bind: ContainerModuleLoadOptions['bind'],
  token: Token<T>,
  Class: new (...args: A) => T,
  deps: NoInfer<TokensOf<A>>,
): void {
  bind(token).toResolvedValue((...args: unknown[]) => new Class(...(args as A)), [...deps] as never);
}

/** The tokens of a factory's ports object, each typed as its port; optional ports may be left out. */
export type PortTokens<P extends object> = { readonly [K in keyof P]: Token<P[K]> };

/**
 * Binds `token` to `factory(ports)`, each port resolved from its token: a package's use cases
 * (`createMessaging(ports)`) as the server builds them, checked like `bindClass`.
 */
export function bindFactory<T, P extends object>(bind: ContainerModuleLoadOptions['bind'], token: Token<T>, factory: (ports: P) => T, tokens: NoInfer<PortTokens<P>>): void {
  const names = Object.keys(tokens) as (keyof P & string)[];
  bind(token).toResolvedValue(
    (...values: unknown[]) => factory(Object.fromEntries(names.map((name, index) => [name, values[index]])) as P),
    names.map((name) => tokens[name]) as never,
  );
}
