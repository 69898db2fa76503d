import { CODE_PART_LOAD_TIMEOUT_MS } from '@portal/contracts/constants';
import { textsReady } from '../i18n/i18n.ts';

/** A part of the application (a route's chunk, the chat panel, a chart) that did not arrive. */
export class PartLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'PartLoadError';
  }
}

/**
 * Loads a code part with the time-out of section 9 ("Code-part load time-out: 120 s"). A part that fails or
 * takes longer rejects with PartLoadError, which the route error page shows with a retry. It resolves once the texts the
 * part registered in the interface's language are in too (en-US texts are parts of their own, ADR 0055).
 */
export function loadPart<T>(importer: () => Promise<T>, timeoutMs = CODE_PART_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PartLoadError(`timed out after ${timeoutMs} ms`)), timeoutMs);
    importer().then(
      (value) =>
        textsReady().then(() => {
          clearTimeout(timer);
          resolve(value);
        }),
      (error: unknown) => {
        clearTimeout(timer);
        reject(new PartLoadError(error));
      },
    );
  });
}

/** True for an error of a failed code-part load, also one the bundler raised on its own. */
export function isPartLoadError(error: unknown): boolean {
  if (error instanceof PartLoadError) return true;
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|ChunkLoadError|error loading dynamically/i.test(
    text,
  );
}
