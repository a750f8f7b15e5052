/**
 * What an operation's OpenAPI document shows a developer (issue 33): a JSON request body and the
 * JSON body of its success answer, as a Kenyan account would send and get them. Each API room keeps
 * its operations' examples beside its routes (`apis/<room>/examples.ts`), keyed by operationId;
 * test/http/platform/openapi-examples.test.ts holds every example to its schema.
 */
export interface OperationExamples {
  /** The JSON request body. */
  readonly request?: unknown;
  /** The body of the success answer: the operation's 2xx status with a JSON body. */
  readonly response?: unknown;
}

export type ExamplesByOperation = Readonly<Record<string, OperationExamples>>;

/** The rooms' examples as one map; an operationId given twice is a bug (one room would hide the other's). */
export function allExamples(...rooms: readonly ExamplesByOperation[]): ExamplesByOperation {
  const merged: Record<string, OperationExamples> = {};
  for (const room of rooms) {
    for (const [operationId, examples] of Object.entries(room)) {
      if (operationId in merged) throw new Error(`Examples of ${operationId} are given twice`);
      merged[operationId] = examples;
    }
  }
  return merged;
}
