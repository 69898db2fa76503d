/**
 * Business constants and limits of the spec, section 9 (and a few of section 3).
 * The comment beside each value quotes the spec's wording.
 */

/** "Token age limit, checked every 10 s: 3000 seconds" */
export const TOKEN_AGE_LIMIT_SECONDS = 3000;
export const TOKEN_AGE_CHECK_INTERVAL_MS = 10_000;
/** Lifetime of an access token issued by the server (refreshed by the client at TOKEN_AGE_LIMIT_SECONDS). */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** Lifetime of a refresh token. */
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
/**
 * A refresh token presented again this soon after its rotation gets the same new pair instead of ending the
 * session (a lost response, or two tabs refreshing together, is not theft). Later reuse still ends the session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/** "Session check interval: 30 s (2 s in the alternative mode)" */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_CHECK_INTERVAL_ALT_MS = 2_000;
/** "Activity extension: throttled to once per 20 s; extends if under 300 s remain" */
export const ACTIVITY_THROTTLE_MS = 20_000;
export const ACTIVITY_EXTEND_BELOW_SECONDS = 300;
/** "Consecutive failed session checks before logout: 5" */
export const SESSION_CHECK_MAX_FAILURES = 5;
/** Idle lifetime of a server session (CAS ticket) when not extended; not given by the spec. */
export const SESSION_IDLE_SECONDS = 1800;
/** Absolute session lifetime (server default, SESSION_MAX_HOURS): activity extends a session at most 12 h after login. */
export const SESSION_MAX_SECONDS_DEFAULT = 12 * 3600;
/** Absolute lifetime of a refresh-token family (server default, REFRESH_MAX_DAYS): no refresh 30 days after login. */
export const REFRESH_MAX_SECONDS_DEFAULT = 30 * 24 * 3600;

/** "Dictionary cache: 5 minutes" */
export const DICTIONARY_CACHE_MS = 5 * 60_000;
/** "Progress poll: 3 s" */
export const PROGRESS_POLL_MS = 3_000;
/** "Import file: at most 20 MB; xls or xlsx; one file; header row 1 to 10" */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_HEADER_ROW_MIN = 1;
export const IMPORT_HEADER_ROW_MAX = 10;
/** "Export file name: 3 to 30 characters" */
export const EXPORT_FILE_NAME_MIN = 3;
export const EXPORT_FILE_NAME_MAX = 30;
/** "Custom navigation: at most 6" */
export const CUSTOM_NAVIGATION_LIMIT = 6;
/** "Unread notice list: latest 10; one per page" */
export const UNREAD_NOTICE_LIST_SIZE = 10;
/** "Toast default duration: 3000 ms" */
export const TOAST_DURATION_MS = 3_000;
/** "Repeat-click guard: blocks 800 ms; double-click guard on buttons" */
export const REPEAT_CLICK_GUARD_MS = 800;
/** "Chat-partner info refresh skip: within 60 s" */
export const CHAT_PARTNER_REFRESH_SKIP_MS = 60_000;
/** "Chat reconnect: 1 s after disconnect; 300 ms after an offline send" */
export const CHAT_RECONNECT_MS = 1_000;
export const CHAT_OFFLINE_SEND_RECONNECT_MS = 300;
/** "Error de-duplication window: 3 s" */
export const ERROR_DEDUP_WINDOW_MS = 3_000;
/** "HTTP time-outs: 30,000 ms (platform, workbench, comb-cygj, chat); 50,000 ms (online-service-platform)" */
export const HTTP_TIMEOUT_MS = 30_000;
export const HTTP_TIMEOUT_OSP_MS = 50_000;
/** "Code-part load time-out: 120 s" */
export const CODE_PART_LOAD_TIMEOUT_MS = 120_000;
/** "Default theme colour: #008cff (store default #087EEB)" */
export const DEFAULT_THEME_COLOR = '#008cff';
export const STORE_DEFAULT_THEME_COLOR = '#087EEB';
/** Section 3: "opacity variants at 80, 30, 15, 10, 8 and 6 percent" */
export const THEME_OPACITY_VARIANTS = [80, 30, 15, 10, 8, 6] as const;
/** "Count cap: 99+" */
export const COUNT_CAP = 99;
/** "Heat cap: 9999999+" */
export const HEAT_CAP = 9_999_999;
/** "Card display rows: 1 to 3; item limit 6, 12, 18 for 1 to 3 rows in the wide layout, otherwise 5, 10, 15" */
export const CARD_DISPLAY_ROWS_MIN = 1;
export const CARD_DISPLAY_ROWS_MAX = 3;
export const CARD_ITEM_LIMIT_WIDE = [6, 12, 18] as const;
export const CARD_ITEM_LIMIT_NARROW = [5, 10, 15] as const;

/**
 * "item limit 6, 12, 18 for 1 to 3 rows in the wide layout, otherwise 5, 10, 15" (layout `same` is the wide one).
 * Here rather than in workbench.ts, whose schemas the home page does not load (issue 10); workbench.ts re-exports it.
 */
export function itemLimit(displayRows: number, layout: 'same' | 'separate'): number {
  const rows = Math.min(
    CARD_DISPLAY_ROWS_MAX,
    Math.max(CARD_DISPLAY_ROWS_MIN, Math.trunc(displayRows) || CARD_DISPLAY_ROWS_MIN),
  );
  return (layout === 'same' ? CARD_ITEM_LIMIT_WIDE : CARD_ITEM_LIMIT_NARROW)[rows - 1]!;
}
/**
 * Not of the spec: at most this many cards in one cardcolumnconfig/getConfigs, the home page's cards in one call
 * (issue 10, ADR 0054). A home page shows about ten; a tab of more is asked for in pieces of this size.
 */
export const CARD_VIEWS_MAX = 50;
/** "Preview dialog: width 1080px; card widths 657px or a 16px right margin" */
export const PREVIEW_DIALOG_WIDTH = 1080;
export const PREVIEW_CARD_WIDTH_SAME_PAGE = 657;
export const PREVIEW_CARD_MARGIN_SEPARATE_PAGE = 16;
/** "Tools body height: 258px at 3 rows, otherwise 180px" */
export const TOOLS_BODY_HEIGHT_3_ROWS = 258;
export const TOOLS_BODY_HEIGHT = 180;
/** "Recommend list: 3 highlighted items" */
export const RECOMMEND_HIGHLIGHTED = 3;
/** "Default model window: 1200 x 650" */
export const MODEL_WINDOW_WIDTH = 1200;
export const MODEL_WINDOW_HEIGHT = 650;
/** "Popup window width: 1200, or 860 when the page is 1366 wide or narrower" */
export const POPUP_WIDTH = 1200;
export const POPUP_WIDTH_NARROW = 860;
export const POPUP_NARROW_PAGE_WIDTH = 1366;
/** "Popup window height: 850 if page height is 1080 or more; 538 if 768 or less; else 670" */
export const POPUP_HEIGHT_TALL = 850;
export const POPUP_HEIGHT_SHORT = 538;
export const POPUP_HEIGHT = 670;
/** "Image viewer: zoom step 0.2; wheel step 0.015; rotation 90 degrees; minimum scale 0.2" */
export const IMAGE_ZOOM_STEP = 0.2;
export const IMAGE_WHEEL_STEP = 0.015;
export const IMAGE_ROTATION_STEP = 90;
export const IMAGE_MIN_SCALE = 0.2;
/** "Watermark: 32px text; 15 degree rotation" */
export const WATERMARK_FONT_SIZE = 32;
export const WATERMARK_ROTATION_DEG = 15;
/** "Assistant contact id: 30001" */
export const ASSISTANT_CONTACT_ID = '30001';

/**
 * Login attempts whose password is checked per account within the window; further attempts are refused until
 * the window ends (15 minutes after the failure that used the allowance up) or an administrator unlocks the account.
 */
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
/**
 * Per address, failures slow the address down instead of locking it (a campus NAT holds many users): past the
 * free failures, each further failure in the window doubles the spacing of the address's attempts, from the base
 * up to the maximum (server setting LOGIN_ADDRESS_DELAY_MAX_MS); an attempt that would wait longer than the
 * maximum wait is refused.
 */
export const LOGIN_ADDRESS_FREE_FAILURES = 10;
export const LOGIN_ADDRESS_DELAY_BASE_MS = 100;
export const LOGIN_ADDRESS_DELAY_MAX_MS_DEFAULT = 2_000;
export const LOGIN_ADDRESS_MAX_WAIT_MS = 30_000;

/** Popup size of 4.4 '1002', from section 9. */
export function popupSize(pageWidth: number, pageHeight: number): { width: number; height: number } {
  const width = pageWidth <= POPUP_NARROW_PAGE_WIDTH ? POPUP_WIDTH_NARROW : POPUP_WIDTH;
  const height = pageHeight >= 1080 ? POPUP_HEIGHT_TALL : pageHeight <= 768 ? POPUP_HEIGHT_SHORT : POPUP_HEIGHT;
  return { width, height };
}

/** "A count above 99 shows as 99+." */
export function formatCount(n: number): string {
  return n > COUNT_CAP ? `${COUNT_CAP}+` : String(n);
}

/** "heat count, shown as 9999999+ above 9999999" */
export function formatHeat(n: number): string {
  return n > HEAT_CAP ? `${HEAT_CAP}+` : String(n);
}

/** "Random-number padding into encrypted storage: length prefix of 10 digits" */
export const STORAGE_LENGTH_PREFIX_DIGITS = 10;

/**
 * A request with this header set to 1 gets the refresh token of its answer as an HttpOnly, SameSite=Strict cookie
 * (REFRESH_COOKIE, path REFRESH_COOKIE_PATH) and an empty refresh_token in the body: the portal's web app keeps no
 * refresh token a script can read (ADR 0027). Without it the answer is as BladeX's (the token in the body).
 */
export const REFRESH_COOKIE_HEADER = 'x-refresh-cookie';
export const REFRESH_COOKIE = 'portal_rt';
/** The only call the refresh cookie goes to. */
export const REFRESH_COOKIE_PATH = '/api/blade-auth/oauth/token';

/** Where the tenant's web app manifest is served (issue 18): WEB_MANIFEST_PATH?tenantId=…. */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

/**
 * 4.2: "If the server says the message was deleted (消息已被删除), the deleted page opens."
 * The server answers such a detail call with this status (one of the accepted statuses of section 8)
 * and MESSAGES.messageDeleted as msg.
 * Here rather than in messages.ts, whose schemas the /home shell does not load (issue 10); messages.ts re-exports it.
 */
export const STATUS_MESSAGE_DELETED = 1004;

/**
 * The tenant the web app names when neither the address (`?tenantId=`) nor a session names one, unless the server was
 * given another (DEFAULT_TENANT, named by the page: DEFAULT_TENANT_META): the demo tenant.
 */
export const DEFAULT_TENANT_ID = '000000';
/**
 * The `<meta name="…" content="{tenant id}">` in the pages the server sends when its DEFAULT_TENANT is not the demo
 * tenant: the tenant the web app names when the address names none (apps/web/src/lib/default-tenant.ts).
 */
export const DEFAULT_TENANT_META = 'portal-tenant';
/** What the landing page shows of each list: newly launched and most visited (size), each group's services. */
export const LANDING_LIST_SIZE = 8;
/**
 * The id of the `<script type="application/json">` in `/`'s page that carries the landing index's answer (ADR 0053):
 * `{ tenantId, size, perGroup, index }` (`LandingPageData` in services.ts).
 */
export const LANDING_DATA_ELEMENT_ID = 'portal-landing-index';
/**
 * The id of the `<script type="application/json">` in `/login`'s page that carries what its two calls answer
 * (ADR 0061): `{ tenantId, detail, mode }` (`LoginPageData` in identity.ts).
 */
export const LOGIN_DATA_ELEMENT_ID = 'portal-login-data';

/**
 * The cookie that carries the interface's language the user chose (the web app writes it beside its stored choice): the
 * server paints `/`'s first screen only for a page in that screen's language (ADR 0061). Not a credential.
 */
export const LANGUAGE_COOKIE = 'portal-lang';

/**
 * The duty types of the department duty lists (三清单), a fixed list the server offers (dictionary dutyType) and
 * checks on import; the interface shows them in its language and a value outside the list as it is.
 */
export const DUTY_TYPES = ['职责', '责任', '权力'] as const;
export type DutyType = (typeof DUTY_TYPES)[number];

/**
 * A text an administrator configured, in the interface's language (ADR 0074): its English in en-US when there is
 * one, else the Chinese. The server answers both; only the page picks, so an answer prepared once serves both languages.
 */
export const configuredText = (language: string, zh: string, en: string | undefined | null): string =>
  language === 'en-US' && en?.trim() ? en : zh;
