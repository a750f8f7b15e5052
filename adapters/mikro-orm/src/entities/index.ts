import { AccountRecord } from './account.entity.ts';
import { ApiKeyRecord } from './api-key.entity.ts';

export const ENTITIES = [AccountRecord, ApiKeyRecord];
export { AccountRecord, ApiKeyRecord };
