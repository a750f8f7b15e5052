/**
 * Holds every answer an e2e suite gets to the OpenAPI document the server serves: the status must
 * be documented for the operation, and a JSON body must match its schema. The document then cannot
 * drift from what the code answers. The documents' own examples are held to their schemas the same
 * way (test/http/platform/openapi-examples.test.ts).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

interface Operation {
  readonly pattern: RegExp;
  readonly method: string;
  readonly responses: Record<string, { content?: Record<string, { schema?: object }>; headers?: Record<string, { $ref?: string; required?: boolean }> }>;
}

export class OpenApiConformance {
  private readonly operations: Operation[];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<object, ValidateFunction>();

  constructor(private readonly document: { paths: Record<string, Record<string, any>>; components: { headers?: Record<string, { required?: boolean }>; [other: string]: unknown } }) {
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
    this.operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        [path, ...((operation['x-aliases'] as string[] | undefined) ?? [])].map((served) => ({
          pattern: new RegExp(`^${served.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
          method: method.toUpperCase(),
          responses: operation.responses,
        })),
      ),
    );
  }

  /** Why the answer does not conform, or undefined when it does (or when the path is no operation: a 404/405). */
  check(method: string, path: string, status: number, contentType: string | null, body: unknown, headers?: Headers): string | undefined {
    const pathname = path.split('?')[0]!;
    const candidates = this.operations.filter((op) => op.method === method && op.pattern.test(pathname));
    if (candidates.length === 0) return undefined;
    // A literal path wins over a template (`/api/routes/health` over `/api/routes/{code}`).
    const templated = (op: Operation) => op.pattern.source.split('[^/]+').length;
    const operation = candidates.sort((a, b) => templated(a) - templated(b))[0]!;
    const response = operation.responses[String(status)];
    if (!response) return `${method} ${pathname} answered ${status}, which the document does not list (${Object.keys(operation.responses).join(', ')})`;
    const missing = Object.entries(response.headers ?? {})
      .filter(([, header]) => (header.$ref ? this.document.components.headers?.[header.$ref.split('/').pop()!] : header)?.required)
      .map(([name]) => name)
      .filter((name) => headers && !headers.has(name));
    if (missing.length > 0) return `${method} ${pathname} ${status} lacks the headers the document requires: ${missing.join(', ')}`;
    if (!contentType?.includes('json') || body === undefined) return undefined;
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return undefined;
    const mismatch = this.mismatch(schema, body);
    return mismatch && `${method} ${pathname} ${status} does not match the document: ${mismatch}`;
  }

  /** Why `value` does not match `schema`, one of the document's (its $refs read in its components), or undefined when it does. */
  mismatch(schema: object, value: unknown): string | undefined {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.validators.set(schema, validate);
    }
    return validate(value) ? undefined : this.ajv.errorsText(validate.errors, { dataVar: 'body' });
  }
}
