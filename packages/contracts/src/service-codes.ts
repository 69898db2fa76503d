/**
 * The catalogue's codes and input limits, in a module without schemas: the landing page and the search box read
 * them without loading zod (issue 10). `services.ts` re-exports everything here.
 */

/** 4.4 openWay codes. */
export const OPEN_WAY_IN_PAGE = '1001';
export const OPEN_WAY_POPUP = '1002';
export const OPEN_WAY_NEW_TAB = '1003';
export const OPEN_WAYS = [OPEN_WAY_IN_PAGE, OPEN_WAY_POPUP, OPEN_WAY_NEW_TAB] as const;

/** accessWay codes (the spec names only '5'; the others are this project's). */
export const ACCESS_WAYS = {
  '1': '直接访问',
  '2': '统一身份认证(CAS)',
  '3': '第三方系统',
  '4': '在线表单',
  /** 4.4: "When accessWay is '5', a combStr parameter from stored user data is appended to the service URL." */
  '5': '组合参数访问',
} as const;
export const ACCESS_WAY_COMB = '5';

/** Limits this project sets on user input. */
export const SEARCH_KEYWORD_MAX = 50;
/** The longest rating comment, in characters as a user sees them (code points: 500 emoji fit). */
export const RATING_COMMENT_MAX = 500;
/**
 * A rating comment's length as RateServiceRequest counts it: trimmed, in code points (zod's `.max()` counts code
 * points, so an emoji is one; a string's `length` counts it twice, in UTF-16 units). The dialog's counter uses it.
 */
export const ratingCommentLength = (comment: string): number => [...comment.trim()].length;
export const RATING_LABELS_MAX = 10;
