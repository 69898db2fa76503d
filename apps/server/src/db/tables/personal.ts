import type { Selectable } from 'kysely';

/** Tables of the personal center (migration 2026-11-23T04-20_personal): system access links and the school calendar. */
export interface PersonalTables {
  pc_access_links: PcAccessLinkTable;
  pc_access_link_roles: PcAccessLinkRoleTable;
  pc_semesters: PcSemesterTable;
  pc_calendar_events: PcCalendarEventTable;
}

export interface PcAccessLinkTable {
  id: string;
  tenant_id: string;
  system_name: string;
  system_url: string;
  icon: string;
  description: string;
  sort: number;
  enabled: number;
  created_at: string;
}
/** A link with no rows here is visible to every role. */
export interface PcAccessLinkRoleTable {
  tenant_id: string;
  link_id: string;
  role_id: string;
}
export interface PcSemesterTable {
  id: string;
  tenant_id: string;
  /** "2026-2027" */
  school_year: string;
  /** 1 autumn, 2 spring */
  term: number;
  name: string;
  /** YYYY-MM-DD */
  start_date: string;
  end_date: string;
}
export interface PcCalendarEventTable {
  id: string;
  tenant_id: string;
  school_year: string;
  name: string;
  /** holiday | vacation | exam | event */
  kind: string;
  start_date: string;
  end_date: string;
}

export type PcAccessLinkRow = Selectable<PcAccessLinkTable>;
export type PcSemesterRow = Selectable<PcSemesterTable>;
export type PcCalendarEventRow = Selectable<PcCalendarEventTable>;
