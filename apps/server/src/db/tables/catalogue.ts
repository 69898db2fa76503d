import type { Generated, Selectable } from 'kysely';

/**
 * Tables of the catalogue capability (issue 3): services with their departments, scenes and types, role
 * visibility, guides, favourites, ratings, clicks, search words, the landing page and comb-cygj tools.
 */
export interface CatalogueTables {
  /** The tenant's one department list (ADR 0032): the catalogue, three lists, efficiency and notices use it. */
  svc_depts: SvcDeptTable;
  svc_scenes: SvcGroupTable;
  svc_types: SvcGroupTable;
  svc_services: SvcServiceTable;
  svc_service_roles: SvcServiceRoleTable;
  svc_guides: SvcGuideTable;
  svc_shelf_labels: SvcShelfLabelTable;
  svc_favourites: SvcFavouriteTable;
  svc_quick_labels: SvcQuickLabelTable;
  svc_ratings: SvcRatingTable;
  svc_sensitive_words: SvcSensitiveWordTable;
  svc_sensitive_hits: SvcSensitiveHitTable;
  svc_clicks: SvcClickTable;
  svc_search_words: SvcSearchWordTable;
  svc_search_searchers: SvcSearchSearcherTable;
  svc_landing_configs: SvcLandingConfigTable;
  cygj_tools: CygjToolTable;
  cygj_navigation_bars: CygjNavigationBarTable;
  account_bindings: AccountBindingTable;
  svc_comb_tickets: SvcCombTicketTable;
  svc_catalogue_versions: SvcCatalogueVersionTable;
  svc_catalogue_changes: SvcCatalogueChangeTable;
}

/** A department, scene or type. */
export interface SvcGroupTable {
  id: string;
  tenant_id: string;
  name: string;
  icon: string;
  sort: number;
}

/** A department of the one list: a group with its parent department ('' at the top). */
export interface SvcDeptTable extends SvcGroupTable {
  parent_id: Generated<string>;
}

export interface SvcServiceTable {
  id: string;
  tenant_id: string;
  service_name: string;
  service_icon: string;
  dept_id: string;
  scene_id: string;
  type_id: string;
  /** APPLICATION | PROCESS */
  business_type: string;
  /** ONLINE | OFFLINE */
  process_type: string;
  access_way: string;
  open_way: string;
  service_url: string;
  description: string;
  label_name: string;
  shelf_label_name: string;
  /** 1: open to anonymous visitors. */
  is_public: number;
  /** 1 on the shelf, 0 withdrawn. */
  status: number;
  visit_count: number;
  sort: number;
  launched_at: string;
  updated_at: string;
}

/** A service with no rows here is visible to every logged-in role. */
export interface SvcServiceRoleTable {
  tenant_id: string;
  service_id: string;
  role_id: string;
}

export interface SvcGuideTable {
  service_id: string;
  tenant_id: string;
  /** Sanitised HTML. */
  content: string;
  /** Plain text of content, for search. */
  text: string;
  updated_at: string;
}

export interface SvcShelfLabelTable {
  id: string;
  tenant_id: string;
  label_name: string;
  color: string;
  sort: number;
}

export interface SvcFavouriteTable {
  tenant_id: string;
  user_id: string;
  service_id: string;
  sort: number;
  created_at: string;
}

export interface SvcQuickLabelTable {
  id: string;
  tenant_id: string;
  label_name: string;
  /** ADR 0074: the label in English ('' none). */
  label_name_en: Generated<string>;
  min_score: number;
  max_score: number;
  sort: number;
}

export interface SvcRatingTable {
  id: string;
  tenant_id: string;
  service_id: string;
  user_id: string;
  user_name: string;
  score: number;
  /** JSON array of quick label names. */
  labels: string;
  comment: string;
  created_at: string;
}

export interface SvcSensitiveWordTable {
  id: string;
  tenant_id: string;
  word: string;
}

/** 5: "a comment containing forbidden words is blocked and the attempt is recorded." */
export interface SvcSensitiveHitTable {
  id: string;
  tenant_id: string;
  user_id: string;
  service_id: string;
  content: string;
  words: string;
  created_at: string;
}

export interface SvcClickTable {
  id: string;
  tenant_id: string;
  service_id: string;
  /** '' for an anonymous visitor. */
  user_id: string;
  created_at: string;
}

/** Searched words: how often, and how often they found nothing. */
export interface SvcSearchWordTable {
  tenant_id: string;
  keyword: string;
  hits: number;
  misses: number;
  /**
   * How many different searchers found something with it (svc_search_searchers; ADR 0066): what hot words rank by.
   * Words searched before 2026-11-25T06-00 start at 1 if they ever found something.
   */
  searchers: Generated<number>;
  last_at: string;
}

/**
 * One searcher of one word, each once (ADR 0066): `searcher` is a keyed hash of tenant, word and searcher (a user, or
 * a visitor's address), naming nobody; kept SEARCHER_KEEP_DAYS from `seen_on` (the UTC day it was first written).
 */
export interface SvcSearchSearcherTable {
  tenant_id: string;
  keyword: string;
  searcher: string;
  seen_on: string;
}

export interface SvcLandingConfigTable {
  tenant_id: string;
  /** JSON of LandingConfig. */
  config: string;
  /** JSON of FooterConfig. */
  footer: string;
  updated_at: string;
}

export interface CygjToolTable {
  id: string;
  tenant_id: string;
  tools_name: string;
  tools_icon: string;
  tools_url: string;
  tools_type: string;
  sort: number;
}

export interface CygjNavigationBarTable {
  id: string;
  tenant_id: string;
  name: string;
  /** ADR 0074: the name in English ('' none). */
  name_en: Generated<string>;
  url: string;
  sort: number;
}

/** 7.4 accountSecurity: a third-party account (WeChat, DingTalk …) bound to a user; one per platform and user. */
export interface AccountBindingTable {
  id: string;
  tenant_id: string;
  user_id: string;
  /** One of BIND_SOURCES. */
  source: string;
  open_id: string;
  nick_name: string;
  bound_at: string;
}

export type SvcServiceRow = Selectable<SvcServiceTable>;
export type SvcGroupRow = Selectable<SvcGroupTable>;
export type SvcRatingRow = Selectable<SvcRatingTable>;

/** A one-time combStr of an accessWay '5' service (migration 2026-11-23T16-30); `id` is the ticket's HMAC. */
export interface SvcCombTicketTable {
  id: string;
  tenant_id: string;
  user_id: string;
  service_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** The catalogue's version per tenant, bumped in the same transaction as every catalogue change (ADR 0018). */
export interface SvcCatalogueVersionTable {
  tenant_id: string;
  version: number;
  updated_at: string;
}

/** Which services each catalogue version changed: a JSON array of ids, or '*' for the whole catalogue. */
export interface SvcCatalogueChangeTable {
  tenant_id: string;
  version: number;
  service_ids: string;
  created_at: string;
}
