import type { DomainError } from '@tuma/kernel';
import type { ServiceStatus } from './service-status.ts';

/** The keyword is held by a live service on the country's shared code (409). */
export interface KeywordTakenError extends DomainError {
  readonly type: 'keyword_taken';
  readonly keyword: string;
  readonly countryCode: string;
}

/** The short code is held by another live service (409). */
export interface NumberTakenError extends DomainError {
  readonly type: 'number_taken';
  readonly number: string;
}

/** No number was given and the country's pool has none free, or the country has no shared code yet (409). */
export interface NoShortCodeError extends DomainError {
  readonly type: 'no_short_code';
  readonly countryCode: string;
}

/** The service's status does not allow the action (409). */
export interface ServiceStateError extends DomainError {
  readonly type: 'service_state_conflict';
  readonly serviceId: number;
  readonly status: ServiceStatus;
  readonly action: string;
}

/** Replies go out only from an active service (409). */
export interface ServiceNotActiveError extends DomainError {
  readonly type: 'service_not_active';
  readonly serviceId: number;
  readonly status: ServiceStatus;
}

export const keywordTaken = (keyword: string, countryCode: string): KeywordTakenError => ({
  type: 'keyword_taken',
  keyword,
  countryCode,
  message: `Keyword ${keyword} is taken on the shared short code of ${countryCode}`,
});

export const numberTaken = (number: string): NumberTakenError => ({ type: 'number_taken', number, message: `Short code ${number} is held by another service` });

export const noShortCode = (countryCode: string): NoShortCodeError => ({ type: 'no_short_code', countryCode, message: `No short code is free in ${countryCode}` });

export const serviceStateConflict = (serviceId: number, status: ServiceStatus, action: string): ServiceStateError => ({
  type: 'service_state_conflict',
  serviceId,
  status,
  action,
  message: `Service ${serviceId} is ${status}: it cannot ${action}`,
});

export const serviceNotActive = (serviceId: number, status: ServiceStatus): ServiceNotActiveError => ({
  type: 'service_not_active',
  serviceId,
  status,
  message: `Service ${serviceId} is ${status}: replies need an active service`,
});
