import redaxios from 'redaxios';
import { CLIENT_VERSION, compareVersions, Headers as HeaderNames } from '@schemas/validation';
import { ApiError, normaliseError } from './errors';
import type { FormEntry, QueuedWrite } from './outbox/outbox-item';
import { sendUpload, type UploadAnswer } from './upload';

export interface ApiClientOptions {
  baseURL: string;
  timeoutMs: number;
  /** The fetch to use (tests pass a fake); defaults to the global one. */
  fetch?: typeof fetch;
  visitorId(): string;
  /** Whether a session may exist, i.e. a refresh is worth trying after a 401. */
  mayHaveSession(): boolean;
  /** The refresh failed: the user is signed out. */
  onSignedOut(): void;
  /** A response announced a client version newer than this build. */
  onNewVersion(latest: string, forced: boolean): void;
  /** Multipart uploads (tests pass a fake); defaults to XMLHttpRequest with progress. */
  upload?: typeof sendUpload;
  /**
   * Keeps a write that got no answer for later (the outbox, src/shared/api/outbox): the call then
   * rejects with ApiError code 'queued'. Without it such a write rejects with 'network' / 'timeout'.
   */
  queue?(write: QueuedWrite): Promise<void>;
  /** Told of every write the server accepted (not the session calls): the analytics' key actions (src/shared/analytics). */
  onWritten?(method: Method, url: string, data: unknown): void;
  /**
   * The outbox's uploads a write names (their stand-ins, see OutboxItem.ref): `data` with the
   * stored files' URLs for the uploads already sent, and whether one it names still waits (the
   * write then waits behind it in the outbox, in order). Without it, `data` is sent as it is.
   */
  resolveRefs?(data: unknown): { data: unknown; waiting: boolean };
  /** The configuration revision writes are made with (sent as Config-Revision). */
  configRevision?(): number | undefined;
  /** Every answer's headers (the project's `project-revision`). */
  onHeaders?(headers: Headers | undefined): void;
  /**
   * The app's language now, sent as Accept-Language: the server words what the configuration says
   * in a refusal (a failed constraint's message) in it, whatever the browser's own languages are.
   */
  language?(): string | undefined;
}

/** The pauses before each resend of a write that failed on the network (same Idempotency-Key): a dropped packet, not an outage. */
export const WRITE_RETRY_DELAYS_MS: readonly number[] = [300, 1000];

/** How long an upload may take: a large file over a slow mobile connection. */
export const UPLOAD_TIMEOUT_MS = 1_800_000;

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

type Method = 'get' | 'post' | 'put' | 'delete';
interface Request {
  params?: Record<string, string | number | boolean | undefined>;
  data?: unknown;
  /** Sent as Idempotency-Key: the server answers a repeat of the request without writing again. */
  idempotencyKey?: string;
  /** When the user made the write (ISO 8601), sent as Made-At: the outbox's replays carry it. */
  madeAt?: string;
  /** false: a write that gets no answer is not queued (the outbox's own sends, checks that need their answer now). */
  queue?: boolean;
  /** false: the answer is a document of its own (an EPCIS export), not in the `{ data }` envelope. */
  envelope?: boolean;
  /** The configuration revision the write was made with (the outbox's replays); else the current project's. */
  configRevision?: number;
  /** Further request headers (e.g. If-Match of an admin draft save). */
  headers?: Record<string, string>;
}

/** What an upload may carry besides its form (the outbox's replays). */
export type UploadRequest = Pick<Request, 'idempotencyKey' | 'madeAt' | 'queue' | 'configRevision'>;

/**
 * Writes that are never queued: the session calls, generating a barcode (the user needs the
 * new id on the spot) and the GHG calculation review (a read sent as a POST for its inputs). Dry runs (`dryRun: true`) are not queued either: they only ask.
 */
const NOT_QUEUED = ['/barcode/barcode', '/barcode/review-calculation'];

/**
 * A random key for one user action (128 bits: four numbers joined by '-'). crypto.getRandomValues,
 * unlike randomUUID, also exists on plain-HTTP pages (a phone on the local network).
 */
export const newIdempotencyKey = (): string => crypto.getRandomValues(new Uint32Array(4)).join('-');

/** Paths the refresh logic must not recurse into. */
const AUTH_PATHS = ['/user/authorize', '/user/refresh-token', '/user/logout'];
/** Reads sent as POST (their criteria are a body): no Idempotency-Key, never queued. */
const POST_READS = ['/barcode/search'];

/** Hours east of UTC, e.g. 9 in Tokyo (offset sent in hours). */
export function utcOffsetHours(date = new Date()): number {
  return -date.getTimezoneOffset() / 60;
}

/**
 * The one API module: credentials on every call, UTC-Offset and client-version headers, a
 * timeout, one token refresh shared by every request that got a 401 meanwhile and one retry
 * each, errors normalised, and new-version announcements passed on. Every write (POST, PUT,
 * DELETE but the session calls) carries an Idempotency-Key, one per call; a write that failed
 * on the network is sent again with it after each of WRITE_RETRY_DELAYS_MS, never after an HTTP
 * answer or a timeout.
 */
export function createApiClient(options: ApiClientOptions) {
  const baseFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const http = redaxios.create({
    baseURL: options.baseURL,
    withCredentials: true,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      baseFetch(input, { ...init, signal: AbortSignal.timeout(options.timeoutMs) })) as typeof fetch,
  });
  let refreshing: Promise<boolean> | null = null;
  /**
   * The revision of the project configuration the app works with: the last GET /barcode/project
   * said it (`revision`, absent = 1). Every write carries it as Config-Revision, and a queued
   * write keeps the one it was made with, so the server checks it against that configuration.
   */
  let configRevision = 1;
  /** The revision writes are made with: the app's loaded project's (options.configRevision), else the last one this client read. */
  const currentRevision = (): number => options.configRevision?.() ?? configRevision;

  function checkVersion(headers: Headers | undefined): void {
    const latest = headers?.get(HeaderNames.clientVersion);
    if (latest && compareVersions(latest, CLIENT_VERSION) > 0) {
      options.onNewVersion(latest, headers?.get(HeaderNames.forceUpgrade) === 'true');
    }
  }

  async function raw<T>(method: Method, url: string, request: Request): Promise<ApiResponse<T>> {
    try {
      const params =
        request.params && Object.fromEntries(Object.entries(request.params).filter(([, v]) => v !== undefined));
      const response = await http<{ data: T }>({
        method,
        url,
        params,
        data: request.data,
        headers: {
          ...request.headers,
          ...transportHeaders(),
          ...(request.idempotencyKey ? { [HeaderNames.idempotencyKey]: request.idempotencyKey } : {}),
          ...(request.madeAt ? { [HeaderNames.madeAt]: request.madeAt } : {}),
          ...(method === 'get'
            ? {}
            : { [HeaderNames.configRevision]: String(request.configRevision ?? currentRevision()) }),
        },
      });
      checkVersion(response.headers);
      options.onHeaders?.(response.headers);
      if (method === 'get' && url === '/barcode/project') {
        const revision = (response.data.data as { revision?: unknown } | null)?.revision;
        configRevision = typeof revision === 'number' ? revision : 1;
      }
      return {
        data: request.envelope === false ? (response.data as T) : response.data.data,
        headers: response.headers,
      };
    } catch (thrown) {
      if (thrown instanceof ApiError) throw thrown;
      const response = thrown as { status?: number; data?: unknown; headers?: Headers } | Error;
      if (response instanceof Error || typeof response.status !== 'number') {
        const timedOut =
          response instanceof Error && (response.name === 'TimeoutError' || response.name === 'AbortError');
        throw new ApiError(timedOut ? 'timeout' : 'network', 0);
      }
      checkVersion(response.headers);
      options.onHeaders?.(response.headers);
      throw normaliseError(response.status, response.data, response.headers);
    }
  }

  /** One refresh at a time; everyone who waits shares its outcome. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= raw('post', '/user/refresh-token', { data: { visitorId: options.visitorId() } })
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /** A write that got no answer may not have reached the server, or may have written: sent again with its key, the server writes once. */
  async function rawWithRetries<T>(method: Method, url: string, req: Request): Promise<ApiResponse<T>> {
    for (const delay of req.idempotencyKey ? WRITE_RETRY_DELAYS_MS : []) {
      try {
        return await raw<T>(method, url, req);
      } catch (error) {
        if ((error as ApiError).code !== 'network') throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    return raw<T>(method, url, req);
  }

  /** Whether a write that got no answer goes to the outbox (see NOT_QUEUED). */
  const isQueueable = (url: string, req: Request) =>
    options.queue !== undefined &&
    req.queue !== false &&
    !url.startsWith('/user/') &&
    !NOT_QUEUED.includes(url) &&
    (req.data as { dryRun?: unknown } | undefined)?.dryRun !== true;

  async function request<T>(method: Method, url: string, given: Request = {}): Promise<ApiResponse<T>> {
    // One key per call, i.e. per user action: its retries, its replay after a refresh and its sends from the outbox reuse it.
    if (method === 'get' || AUTH_PATHS.includes(url) || POST_READS.includes(url))
      return answered<T>(method, url, given);
    const req = {
      ...given,
      idempotencyKey: given.idempotencyKey ?? newIdempotencyKey(),
      configRevision: given.configRevision ?? currentRevision(),
    };
    const madeAt = req.madeAt ?? new Date().toISOString();
    const queue = async () => {
      await options.queue!({
        key: req.idempotencyKey,
        method,
        url,
        data: req.data,
        madeAt,
        configRevision: req.configRevision,
      });
      throw new ApiError('queued', 0);
    };
    // A write naming a file whose upload still waits in the outbox waits behind it.
    const refs = options.resolveRefs?.(req.data) ?? { data: req.data, waiting: false };
    if (refs.waiting && isQueueable(url, req)) return queue();
    try {
      const answer = await answered<T>(method, url, { ...req, data: refs.data });
      options.onWritten?.(method, url, req.data);
      return answer;
    } catch (error) {
      const unanswered = error instanceof ApiError && (error.code === 'network' || error.code === 'timeout');
      if (!unanswered || !isQueueable(url, req)) throw error;
      return queue();
    }
  }

  /** The call with its network retries and one session refresh after a 401. */
  async function answered<T>(method: Method, url: string, req: Request): Promise<ApiResponse<T>> {
    try {
      return await rawWithRetries<T>(method, url, req);
    } catch (error) {
      const canRefresh =
        error instanceof ApiError && error.status === 401 && !AUTH_PATHS.includes(url) && options.mayHaveSession();
      if (!canRefresh) throw error;
      if (!(await refreshOnce())) {
        options.onSignedOut();
        throw error;
      }
      return rawWithRetries<T>(method, url, req);
    }
  }

  const transportHeaders = (): Record<string, string> => {
    const language = options.language?.();
    return {
      [HeaderNames.utcOffset]: String(utcOffsetHours()),
      [HeaderNames.clientVersion]: CLIENT_VERSION,
      ...(language ? { 'Accept-Language': language } : {}),
    };
  };

  async function uploadOnce(
    url: string,
    body: FormData,
    onProgress: (percent: number) => void,
    req: UploadRequest,
  ): Promise<UploadAnswer> {
    const headers = {
      ...transportHeaders(),
      ...(req.idempotencyKey ? { [HeaderNames.idempotencyKey]: req.idempotencyKey } : {}),
      ...(req.madeAt ? { [HeaderNames.madeAt]: req.madeAt } : {}),
      [HeaderNames.configRevision]: String(req.configRevision ?? currentRevision()),
    };
    try {
      return await (options.upload ?? sendUpload)({
        url: options.baseURL + url,
        body,
        headers,
        timeoutMs: UPLOAD_TIMEOUT_MS,
        onProgress,
      });
    } catch (error) {
      throw new ApiError((error as Error).name === 'TimeoutError' ? 'timeout' : 'network', 0);
    }
  }

  /**
   * POST multipart with progress (UPLOAD_TIMEOUT_MS), with its own Idempotency-Key (a repeat
   * stores the file once). A 401 refreshes the session once, like every call. Upload errors
   * carry the byte limit when the server states one (`maxBytes` beside `errors.File`).
   *
   * An upload that gets no answer goes to the outbox with its file, like any write, and resolves
   * with a stand-in for the stored file's URL: a blob: URL of the file (a form shows it as the
   * image). The write that names it later is sent after the upload, with the real URL.
   */
  async function upload<T>(
    url: string,
    body: FormData,
    onProgress: (percent: number) => void,
    given: UploadRequest = {},
  ): Promise<T> {
    const req = {
      ...given,
      idempotencyKey: given.idempotencyKey ?? newIdempotencyKey(),
      configRevision: given.configRevision ?? currentRevision(),
    };
    const madeAt = req.madeAt ?? new Date().toISOString();
    let answer: UploadAnswer;
    try {
      answer = await uploadOnce(url, body, onProgress, req);
    } catch (error) {
      if (options.queue === undefined || req.queue === false || typeof URL.createObjectURL !== 'function') throw error;
      const form: FormEntry[] = [...body.entries()].map(([name, value]) =>
        typeof value === 'string' ? { name, value } : { name, value, fileName: value.name },
      );
      const file = form.find((entry) => typeof entry.value !== 'string')?.value;
      const ref = file instanceof Blob ? URL.createObjectURL(file) : undefined;
      await options.queue({
        key: req.idempotencyKey,
        method: 'post',
        url,
        data: null,
        madeAt,
        configRevision: req.configRevision,
        form,
        ref,
      });
      if (ref === undefined) throw new ApiError('queued', 0);
      return ref as T;
    }
    if (answer.status === 401 && options.mayHaveSession()) {
      if (!(await refreshOnce())) {
        options.onSignedOut();
      } else {
        answer = await uploadOnce(url, body, onProgress, req);
      }
    }
    checkVersion(answer.headers);
    if (answer.status >= 200 && answer.status < 300) return (answer.data as { data: T }).data;
    const error = normaliseError(answer.status, answer.data, answer.headers);
    const maxBytes = (answer.data as { maxBytes?: unknown } | null)?.maxBytes;
    const fileCode = error.fields.File?.[0];
    if (fileCode !== undefined)
      throw new ApiError(
        String(fileCode),
        answer.status,
        error.fields,
        undefined,
        typeof maxBytes === 'number' ? maxBytes : undefined,
      );
    throw error;
  }

  return {
    request,
    upload,
    get: async <T>(url: string, params?: Request['params']) => (await request<T>('get', url, { params })).data,
    /** GET of a document sent as it is, without the `{ data }` envelope (an EPCIS export). */
    getDocument: async <T>(url: string, params?: Request['params']) =>
      (await request<T>('get', url, { params, envelope: false })).data,
    post: async <T>(url: string, data?: unknown) => (await request<T>('post', url, { data })).data,
    put: async <T>(url: string, data?: unknown) => (await request<T>('put', url, { data })).data,
    delete: async <T>(url: string, data?: unknown) => (await request<T>('delete', url, { data })).data,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
