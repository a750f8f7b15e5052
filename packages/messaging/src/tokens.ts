import { token } from '@tuma/kernel';
import type { Catalogue } from './domain/catalogue/catalogue.port.ts';

export const MESSAGING_TOKENS = {
  catalogue: token<Catalogue>('messaging.Catalogue'),
};
