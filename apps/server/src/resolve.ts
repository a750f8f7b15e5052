import type { Token } from '@tuma/kernel';
import type { Container } from 'inversify';

/** container.get with the port type carried by the token. */
export const resolve = <T>(container: Container, token: Token<T>): T => container.get<T>(token);
