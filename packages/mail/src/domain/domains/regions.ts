import { err, fieldError, ok, type Result, type ValidationError } from '@tuma/kernel';

/** Where a domain's mail is sent from. Informational until sending runs in more than one place. */
export const REGIONS = ['af-south-1', 'eu-west-1', 'us-east-1'] as const;
export type Region = (typeof REGIONS)[number];
export const DEFAULT_REGION: Region = 'af-south-1';

export function parseRegion(raw: string | undefined): Result<Region, ValidationError> {
  if (raw === undefined) return ok(DEFAULT_REGION);
  return (REGIONS as readonly string[]).includes(raw) ? ok(raw as Region) : err(fieldError('region', `region must be one of ${REGIONS.join(', ')}`));
}
