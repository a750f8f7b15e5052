import type { Result } from '@tuma/kernel';

/** A file an attachment names by URL (`path`). */
export interface SourcedFile {
  readonly bytes: Uint8Array;
  /** As the server gave it; null when it gave none. */
  readonly contentType: string | null;
}

/** Fetches attachments given by URL, under the project's URL policy (no private addresses, no redirects): the file, or why not. */
export interface AttachmentSource {
  fetch(url: string, maxBytes: number): Promise<Result<SourcedFile, string>>;
}
