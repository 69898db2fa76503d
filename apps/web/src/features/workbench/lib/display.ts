import {
  PREVIEW_CARD_MARGIN_SEPARATE_PAGE,
  PREVIEW_CARD_WIDTH_SAME_PAGE,
  RECOMMEND_HIGHLIGHTED,
  TOOLS_BODY_HEIGHT,
  TOOLS_BODY_HEIGHT_3_ROWS,
} from '@portal/contracts/constants';
import type { CardService, CardType, Layout, NewsItem } from '@portal/contracts/workbench';
import { dayBefore, formatTenantTime, tenantToday } from '../../../lib/tenant-clock.ts';

export { formatCount, formatHeat } from '@portal/contracts/constants';
export { itemLimit } from '@portal/contracts/constants';

const DAY_MS = 86_400_000;

/** 2.3: "a NEW marker on items less than one day old". */
export function isNew(releaseTime: string, now: number = Date.now()): boolean {
  const t = Date.parse(releaseTime);
  return Number.isFinite(t) && now - t >= 0 && now - t < DAY_MS;
}

/** 2.5: "The date comes from create_time for the OfficialAccount data source and otherwise from releaseTime." */
export function announcementTime(item: Pick<NewsItem, 'create_time' | 'releaseTime'>, dataSource: string): string {
  return dataSource === 'OfficialAccount' ? item.create_time : item.releaseTime;
}

/** 2.5: "Dates show as '今天' (today), '昨天' (yesterday) or month-day." Returns a key or the month-day. */
export function dayLabel(time: string, now: number = Date.now()): { key: 'today' | 'yesterday' | null; text: string } {
  // Days on the tenant's clock (issue 16), not the browser's or UTC's.
  const day = formatTenantTime(time, 'YYYY-MM-DD');
  const today = tenantToday(now);
  if (day === today) return { key: 'today', text: '今天' };
  if (day === dayBefore(today)) return { key: 'yesterday', text: '昨天' };
  return { key: null, text: formatTenantTime(time, 'MM-DD') };
}

/** 2.5: "The body is 258px high when displayRows is 3, otherwise 180px." */
export const toolsBodyHeight = (displayRows: number) =>
  displayRows === 3 ? TOOLS_BODY_HEIGHT_3_ROWS : TOOLS_BODY_HEIGHT;

/** 2.5: "Card widths are 657px (same page) or a 16px right margin (separate page)." */
export function previewCardStyle(layout: Layout): { width?: number; marginRight?: number } {
  return layout === 'same'
    ? { width: PREVIEW_CARD_WIDTH_SAME_PAGE }
    : { marginRight: PREVIEW_CARD_MARGIN_SEPARATE_PAGE };
}

/** 2.5: tools "tab max width 521px or 741px". */
export const TAB_MAX_WIDTH_SAME_PAGE = 521;
export const TAB_MAX_WIDTH_SEPARATE_PAGE = 741;
export const toolsTabMaxWidth = (layout: Layout) =>
  layout === 'same' ? TAB_MAX_WIDTH_SAME_PAGE : TAB_MAX_WIDTH_SEPARATE_PAGE;

/** 2.5: "Sidebar layout heights: tools at 3 rows 503px; common use 538px; campus news 77 x rows + 3 x rows + 175 px." */
export const SIDEBAR_TOOLS_3_ROWS = 503;
export const SIDEBAR_COMMON_USE = 538;
export function sidebarHeight(cardType: CardType, displayRows: number): number | undefined {
  if (cardType === 'commonTools' && displayRows === 3) return SIDEBAR_TOOLS_3_ROWS;
  if (cardType === 'commonUse') return SIDEBAR_COMMON_USE;
  if (cardType === 'campusNews') return 77 * displayRows + 3 * displayRows + 175;
  return undefined;
}

/** 2.5: "The first 2 (narrow) or 3 (wide) services are big items, and up to 3 more are smaller items." */
export const COMMON_USE_SMALL = 3;
export function splitCommonUse(services: CardService[], layout: Layout): { big: CardService[]; small: CardService[] } {
  const n = layout === 'same' ? 3 : 2;
  return { big: services.slice(0, n), small: services.slice(n, n + COMMON_USE_SMALL) };
}

/** 2.5: "the top 3 services as highlighted tiles … then a numbered list." */
export function splitRecommend(services: CardService[]): { top: CardService[]; rest: CardService[] } {
  return { top: services.slice(0, RECOMMEND_HIGHLIGHTED), rest: services.slice(RECOMMEND_HIGHLIGHTED) };
}

/** A custom navigation item's target: in-app path, embedded page or a new tab (2.1 navIfram / iframPage). */
export function navigationTarget(item: { isBuilt: 1 | 2; configPath: string; embedded: boolean }): {
  kind: 'route' | 'embedded' | 'tab';
  to: string;
} {
  if (item.isBuilt === 1) return { kind: 'route', to: `/home/${item.configPath.replace(/^\/?(home\/)?/, '')}` };
  if (item.configPath.startsWith('/')) return { kind: 'route', to: item.configPath };
  if (item.embedded) return { kind: 'embedded', to: `/home/navIfram?url=${encodeURIComponent(item.configPath)}` };
  return { kind: 'tab', to: item.configPath };
}

/** The home page greeting by the hour of the day. */
export type GreetingKey = 'morning' | 'noon' | 'afternoon' | 'evening';
export function greetingKey(hour: number): GreetingKey {
  if (hour >= 5 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 13) return 'noon';
  if (hour >= 13 && hour < 18) return 'afternoon';
  return 'evening';
}

/** homePage/getHoliday: the nearest coming holiday (daysLeft 0 is today), or null. */
export function nextHoliday<H extends { daysLeft: number }>(holidays: readonly H[]): H | null {
  return holidays
    .filter((h) => h.daysLeft >= 0)
    .reduce<H | null>((a, h) => (!a || h.daysLeft < a.daysLeft ? h : a), null);
}

/**
 * An entry of a card's otherInformationList shows as a link when its value is an http(s) url or a path of
 * this site (never javascript: and the like), else as 'label：value'.
 */
export function otherInfoLink(value: string): string | null {
  const v = value.trim();
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  return /^https?:\/\/[^\s]+$/i.test(v) ? v : null;
}
