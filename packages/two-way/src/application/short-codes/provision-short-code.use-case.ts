import { conflict, err, errAsync, fieldError, notFound, ok, ResultAsync, type ConflictError, type NotFoundError, type ValidationError } from '@tuma/kernel';
import type { Catalogue } from '@tuma/messaging';
import type { ShortCode, ShortCodeInventory } from './short-code-inventory.port.ts';

/** Short codes as networks issue them: 3 to 8 digits. */
const SHORT_CODE = /^[0-9]{3,8}$/;

/** Operator: adds a code Tuma leased to the inventory of a market (the shared code of its keywords, or one for the dedicated pool). */
export class ProvisionShortCode {
  constructor(
    private readonly inventory: ShortCodeInventory,
    private readonly catalogue: Pick<Catalogue, 'findMarket'>,
  ) {}

  execute(input: ShortCode): ResultAsync<ShortCode, ValidationError | NotFoundError | ConflictError> {
    const code = { number: input.number.trim(), countryCode: input.countryCode.trim().toUpperCase(), kind: input.kind };
    if (!SHORT_CODE.test(code.number)) return errAsync(fieldError('number', 'A short code of 3 to 8 digits'));
    return new ResultAsync(
      (async () => {
        if (!(await this.catalogue.findMarket(code.countryCode))) return err(notFound('country', code.countryCode));
        if (await this.inventory.provision(code)) return ok(code);
        return err(conflict('short_code', `Short code ${code.number} is in the inventory already${code.kind === 'shared' ? `, or ${code.countryCode} has a shared code` : ''}`));
      })(),
    );
  }
}
