import type { Generated, Selectable } from 'kysely';

/**
 * Tables of the workbench capability (issue 4, migration 2026-11-23T02-10_workbench): cards and their
 * columns, role grants, index types, navigation, settings (footer, theme, pre-login page …), external data
 * sources, common tools, the demo process, news and announcement data the cards read, and the holidays and
 * service specials of the home page (their own tables since migration 2026-11-23T15-40).
 */
export interface WorkbenchTables {
  wb_cards: WbCardTable;
  wb_card_columns: WbCardColumnTable;
  wb_card_roles: WbCardRoleTable;
  wb_index_types: WbIndexTypeTable;
  wb_index_cards: WbIndexCardTable;
  wb_navigation: WbNavigationTable;
  wb_settings: WbSettingTable;
  wb_external_apis: WbExternalApiTable;
  wb_tools: WbToolTable;
  wb_todos: WbTodoTable;
  wb_news: WbNewsTable;
  wb_holidays: WbHolidayTable;
  wb_service_specials: WbServiceSpecialTable;
  wb_service_special_items: WbServiceSpecialItemTable;
}

export interface WbCardTable {
  id: string;
  tenant_id: string;
  card_type: string;
  card_name: string;
  card_introduction: string;
  /** English name and introduction ('' none; migration 2026-11-30T16-50_configured-english, ADR 0074). */
  card_name_en: Generated<string>;
  card_introduction_en: Generated<string>;
  display_rows: number;
  data_source: string;
  /** JSON: typeList, currentStatusBackgroundColor, otherInformationList, serviceIds (their entries' English inside). */
  config: string;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}
export interface WbCardColumnTable {
  id: string;
  tenant_id: string;
  card_id: string;
  column_name: string;
  data_source: string;
  api_id: string | null;
  category: string;
  todo_type_name: string;
  todo_timeout_name: string;
  /** English of the three names above ('' none; ADR 0074). */
  column_name_en: Generated<string>;
  todo_type_name_en: Generated<string>;
  todo_timeout_name_en: Generated<string>;
  /** JSON array of { field, chineseName, chineseNameEn? }. */
  card_mapping: string;
  sort: number;
}
export interface WbCardRoleTable {
  tenant_id: string;
  card_id: string;
  role_id: string;
}
export interface WbIndexTypeTable {
  id: string;
  tenant_id: string;
  type_name: string;
  layout: string;
  status: number;
  sort: number;
  /** ADR 0074: the tab's name in English ('' none). */
  type_name_en: Generated<string>;
}
export interface WbIndexCardTable {
  tenant_id: string;
  type_id: string;
  card_id: string;
  sort: number;
}
export interface WbNavigationTable {
  id: string;
  tenant_id: string;
  navigation_name: string;
  /** ADR 0074: its English ('' none). */
  navigation_name_en: Generated<string>;
  navigation_type: string;
  is_built: number;
  is_auto: number;
  config_path: string;
  embedded: number;
  sort: number;
}
/** One JSON value per tenant (owner_id '') or per user (owner_id = user id). */
export interface WbSettingTable {
  tenant_id: string;
  owner_id: string;
  key: string;
  value: string;
  updated_at: string;
}
export interface WbExternalApiTable {
  id: string;
  tenant_id: string;
  api_name: string;
  url: string;
  method: string;
  list_path: string;
  request_params: string;
  return_params: string;
}
export interface WbToolTable {
  id: string;
  tenant_id: string;
  tools_name: string;
  tools_icon: string;
  tools_url: string;
  tools_type: string;
  sort: number;
}
export interface WbTodoTable {
  id: string;
  tenant_id: string;
  user_id: string;
  kind: string;
  title: string;
  flow_type: string;
  matter_status: string;
  is_timeout: number;
  created_at: string;
}
export interface WbNewsTable {
  id: string;
  tenant_id: string;
  kind: string;
  category: string;
  title: string;
  field_set: string;
  important: number;
  url: string;
  release_time: string;
  created_at: string;
  /** Cleaned rich text an administrator wrote (issue 16); '' when the item is only a link. */
  content: Generated<string>;
  updated_by: Generated<string>;
}

/** Holidays of the home page greeting (migration 2026-11-23T15-40_home-holidays-specials); dates YYYY-MM-DD. */
export interface WbHolidayTable {
  tenant_id: string;
  id: string;
  name: string;
  /** First day. */
  date: string;
  /** Last day; equals date for a one-day holiday. */
  end_date: string;
  /** Shown instead of the default wish on the holiday itself; '' for the default. */
  greeting: string;
  /** ADR 0074: the name's and the greeting's English ('' none). */
  name_en: Generated<string>;
  greeting_en: Generated<string>;
  created_at: string;
  updated_at: string;
}
/** Service specials (topics) of the home page; the first enabled one by sort is the featured one. */
export interface WbServiceSpecialTable {
  tenant_id: string;
  id: string;
  title: string;
  description: string;
  /** ADR 0074: the title's and the description's English ('' none). */
  title_en: Generated<string>;
  description_en: Generated<string>;
  img: string;
  sort: number;
  enabled: number;
  created_at: string;
  updated_at: string;
}
/** The services of a special, in order. */
export interface WbServiceSpecialItemTable {
  tenant_id: string;
  special_id: string;
  service_id: string;
  sort: number;
}

export type WbCardRow = Selectable<WbCardTable>;
export type WbCardColumnRow = Selectable<WbCardColumnTable>;
export type WbNavigationRow = Selectable<WbNavigationTable>;
export type WbExternalApiRow = Selectable<WbExternalApiTable>;
export type WbNewsRow = Selectable<WbNewsTable>;
export type WbHolidayRow = Selectable<WbHolidayTable>;
export type WbServiceSpecialRow = Selectable<WbServiceSpecialTable>;
