import { HTTP_TIMEOUT_MS } from '@portal/contracts/constants';
import { MESSAGES } from '@portal/contracts/errors';
import { HttpError, errorFromHttp, networkError, normalizeEnvelope, timeoutError } from './errors.ts';
import { notifyError } from './notify.ts';
import { openResponse, sealRequest } from './transport.ts';
import { yieldToMain } from '../yield-to-main.ts';

export type Query = Record<string, string | number | boolean | null | undefined>;

export type CallOptions = {
  /** Do not toast the error; the caller shows it. */
  silent?: boolean;
  /** Do not toast these server messages: the caller shows them its own way (e.g. a dialog that offers a reload). */
  quietMessages?: readonly string[];
  /** Extra headers for this call. */
  headers?: Record<string, string>;
  /** Query parameters of a POST. */
  query?: Query;
  /** Send the body as application/x-www-form-urlencoded. */
  form?: boolean;
  /** Statuses of the configured whitelist that reject the call (section 8). */
  rejectStatuses?: readonly number[];
  signal?: AbortSignal;
};

export type Request = {
  method: 'GET' | 'POST';
  url: string;
  query: Query;
  headers: Record<string, string>;
  body: unknown;
};

/** What a path group adds to every request (7.1): headers, the time value, the account and names. */
export type Interceptor = (req: Request) => Request;

/** A file a call answered with (a download): its bytes and the name the server gave it. */
export type DownloadedFile = { blob: Blob; fileName: string | null };

export type HttpClient = {
  readonly baseUrl: string;
  get<T>(path: string, params?: Query, opts?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, opts?: CallOptions): Promise<T>;
  /**
   * A POST answered by a file. When the server answers with an envelope instead (a refusal such as a deleted
   * message), it fails like any other call, with the envelope's status and message.
   */
  postForFile(path: string, body?: unknown, opts?: CallOptions): Promise<DownloadedFile>;
};

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first, then `filename`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      return star.trim();
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(disposition)?.[1]?.trim() ?? null;
}

const isJson = (res: Response) => /\bjson\b/i.test(res.headers.get('content-type') ?? '');

/** Receives what the client's own onUnauthorized returned (the portal's clients: the CAS ticket they cleared). */
let unauthorizedHandler: ((cleared: unknown) => void) | null = null;
/** 4.3: what a 401 does (the session root opens the session-expired or forced re-login dialog). */
export function setUnauthorizedHandler(handler: ((cleared: unknown) => void) | null): void {
  unauthorizedHandler = handler;
}

function buildUrl(base: string, path: string, query: Query): string {
  const url = new URL(base + path, typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  return url.origin === (typeof window === 'undefined' ? 'http://localhost' : window.location.origin)
    ? url.pathname + url.search
    : url.href;
}

function encodeBody(body: unknown, form: boolean, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob) return body;
  if (form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(body as Record<string, unknown>))
      if (v !== undefined && v !== null) params.set(k, String(v));
    return params.toString();
  }
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One client per path group (section 7). Every call answers with the envelope; the client unwraps
 * the result, maps failures to the catalogue of section 8, toasts them unless silent, and hands a
 * 401 to the session handler.
 */
export function createHttpClient(config: {
  baseUrl: string;
  timeoutMs?: number;
  interceptors?: Interceptor[];
  onUnauthorized?: () => unknown;
  fetch?: typeof fetch;
}): HttpClient {
  const timeoutMs = config.timeoutMs ?? HTTP_TIMEOUT_MS;

  async function send<T>(
    method: 'GET' | 'POST',
    path: string,
    query: Query,
    body: unknown,
    opts: CallOptions,
    as: 'json' | 'file' = 'json',
  ): Promise<T> {
    // A page's queries start together, in the effects of the render that mounts them: each call's work (its seal, the
    // fetch) is a task of its own, not one long task of ten calls on a phone's main thread (issue 10).
    const turn = yieldToMain();
    if (turn) await turn;
    // A call given up meanwhile (its page left) is not made; fetch answers an aborted signal the same way.
    opts.signal?.throwIfAborted();
    let req: Request = {
      method,
      url: path,
      query: { ...query },
      headers: { Accept: 'application/json', ...opts.headers },
      body,
    };
    for (const intercept of config.interceptors ?? []) req = intercept(req);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    opts.signal?.addEventListener('abort', () => controller.abort(), { once: true });
    try {
      let res: Response;
      // 7.1: the call's seal (transport.ts), when the group, the token and the browser allow one.
      const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.Authorization ?? '')?.[1] ?? null;
      const sealed = await sealRequest(
        bearer,
        method,
        new URL(config.baseUrl + req.url, 'http://x').pathname,
        req.body,
        !!opts.form,
      );
      try {
        const headers = { ...req.headers, ...sealed?.headers };
        const payload =
          method === 'POST' ? encodeBody(sealed ? sealed.body : req.body, !!opts.form, headers) : undefined;
        res = await (config.fetch ?? fetch)(buildUrl(config.baseUrl, req.url, req.query), {
          method,
          headers,
          body: payload,
          signal: controller.signal,
        });
      } catch (err) {
        if (timedOut) throw timeoutError();
        if (opts.signal?.aborted) throw err;
        throw networkError(err instanceof Error ? err.message : String(err));
      }
      if (as === 'file' && res.ok && !isJson(res)) {
        return {
          blob: await res.blob(),
          fileName: fileNameOf(res.headers.get('content-disposition')),
        } satisfies DownloadedFile as T;
      }
      const parsed = await readBody(res).catch(() => null);
      if (res.status === 401) {
        const cleared = config.onUnauthorized?.();
        unauthorizedHandler?.(cleared);
        throw errorFromHttp(401, parsed);
      }
      if (!res.ok) throw errorFromHttp(res.status, parsed);
      const opened = sealed && isJson(res) ? await openResponse(sealed, res.headers, parsed, res.status) : parsed;
      const result = normalizeEnvelope<T>(opened, { rejectStatuses: opts.rejectStatuses });
      if (as === 'file') {
        // An accepted envelope where a file was expected (e.g. a status the whitelist does not reject): no file.
        const env = opened as { status: number; msg?: string; msgDetail?: string };
        throw new HttpError(env.status, env.msg || MESSAGES.defaultError, env.msgDetail ?? '');
      }
      return result;
    } catch (err) {
      if (err instanceof HttpError && !opts.silent && err.status !== 401 && !opts.quietMessages?.includes(err.msg))
        notifyError(err.msg);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    baseUrl: config.baseUrl,
    get: <T>(path: string, params: Query = {}, opts: CallOptions = {}) => send<T>('GET', path, params, undefined, opts),
    post: <T>(path: string, body?: unknown, opts: CallOptions = {}) =>
      send<T>('POST', path, opts.query ?? {}, body, opts),
    postForFile: (path: string, body?: unknown, opts: CallOptions = {}) =>
      send<DownloadedFile>('POST', path, opts.query ?? {}, body, opts, 'file'),
  };
}
