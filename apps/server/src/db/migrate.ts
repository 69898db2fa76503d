import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './create-db.ts';
import { currentPgSchema } from './sql-helpers.ts';
import * as foundation from './migrations/2026-11-22T10-00_foundation.ts';
import * as messaging from './migrations/2026-11-22T14-00_messaging.ts';
import * as transfer from './migrations/2026-11-23T02-20_transfer.ts';
import * as catalogue from './migrations/2026-11-23T02-30_catalogue.ts';
import * as efficiency from './migrations/2026-11-23T04-30_efficiency.ts';
import * as workbench from './migrations/2026-11-23T02-40_workbench.ts';
import * as accountBindings from './migrations/2026-11-23T03-10_account-bindings.ts';
import * as personal from './migrations/2026-11-23T04-20_personal.ts';
import * as ownRatings from './migrations/2026-11-23T15-30_own-ratings.ts';
import * as homeHolidaysSpecials from './migrations/2026-11-23T15-40_home-holidays-specials.ts';
import * as chatGroupDissolve from './migrations/2026-11-23T15-50_chat-group-dissolve.ts';
import * as combTickets from './migrations/2026-11-23T16-30_comb-tickets.ts';
import * as chatGroupNotice from './migrations/2026-11-23T16-50_chat-group-notice.ts';
import * as loginThrottle from './migrations/2026-11-24T01-00_login-throttle.ts';
import * as transportReplay from './migrations/2026-11-24T02-00_transport-replay.ts';
import * as noticeAudienceAndVisits from './migrations/2026-11-24T03-00_notice-audience-and-visits.ts';
import * as catalogueSpeed from './migrations/2026-11-24T04-00_catalogue-speed.ts';
import * as storedFiles from './migrations/2026-11-24T05-00_stored-files.ts';
import * as identity from './migrations/2026-11-24T06-00_identity.ts';
import * as chatReadReceipts from './migrations/2026-11-24T07-00_chat-read-receipts.ts';
import * as chatMute from './migrations/2026-11-24T10-10_chat-mute.ts';
import * as chatMentions from './migrations/2026-11-24T10-20_chat-mentions.ts';
import * as noticeDepartmentsSchedule from './migrations/2026-11-24T10-30_notice-departments-schedule.ts';
import * as faqSynonyms from './migrations/2026-11-24T10-40_faq-synonyms.ts';
import * as tenantTimeZone from './migrations/2026-11-24T11-00_tenant-time-zone.ts';
import * as newsContent from './migrations/2026-11-24T12-10_news-content.ts';
import * as accessTokenGrace from './migrations/2026-11-24T12-30_access-token-grace.ts';
import * as auditLog from './migrations/2026-11-24T13-00_audit-log.ts';
import * as oneDepartmentList from './migrations/2026-11-24T14-00_one-department-list.ts';
import * as userDeptSource from './migrations/2026-11-25T02-00_user-dept-source.ts';
import * as efficiencyAggregates from './migrations/2026-11-25T03-00_efficiency-aggregates.ts';
import * as chatUnreadByPeer from './migrations/2026-11-25T04-00_chat-unread-by-peer.ts';
import * as hotWordSearchers from './migrations/2026-11-25T06-00_hot-word-searchers.ts';
import * as chatFilesByOwner from './migrations/2026-11-30T14-00_chat-files-by-owner.ts';
import * as configuredEnglish from './migrations/2026-11-30T16-50_configured-english.ts';
import * as quickLabelsEnglish from './migrations/2026-11-30T17-20_quick-labels-english.ts';
import * as navigationBarsEnglish from './migrations/2026-11-30T17-30_navigation-bars-english.ts';
import * as homeTabsEnglish from './migrations/2026-11-30T21-00_home-tabs-english.ts';
import * as holidaysSpecialsEnglish from './migrations/2026-11-30T21-20_holidays-specials-english.ts';
import * as navigationEnglish from './migrations/2026-12-01T01-00_navigation-english.ts';

/** Every migration, in order. Landed migrations are frozen: add a new file, never edit one (house style 8). */
const migrations: Record<string, Migration> = {
  '2026-11-22T10-00_foundation': foundation,
  '2026-11-22T14-00_messaging': messaging,
  '2026-11-23T02-20_transfer': transfer,
  '2026-11-23T02-30_catalogue': catalogue,
  '2026-11-23T02-40_workbench': workbench,
  '2026-11-23T03-10_account-bindings': accountBindings,
  '2026-11-23T04-20_personal': personal,
  '2026-11-23T04-30_efficiency': efficiency,
  '2026-11-23T15-30_own-ratings': ownRatings,
  '2026-11-23T15-40_home-holidays-specials': homeHolidaysSpecials,
  '2026-11-23T15-50_chat-group-dissolve': chatGroupDissolve,
  '2026-11-23T16-30_comb-tickets': combTickets,
  '2026-11-23T16-50_chat-group-notice': chatGroupNotice,
  '2026-11-24T01-00_login-throttle': loginThrottle,
  '2026-11-24T02-00_transport-replay': transportReplay,
  '2026-11-24T03-00_notice-audience-and-visits': noticeAudienceAndVisits,
  '2026-11-24T04-00_catalogue-speed': catalogueSpeed,
  '2026-11-24T05-00_stored-files': storedFiles,
  '2026-11-24T06-00_identity': identity,
  '2026-11-24T07-00_chat-read-receipts': chatReadReceipts,
  '2026-11-24T10-10_chat-mute': chatMute,
  '2026-11-24T10-20_chat-mentions': chatMentions,
  '2026-11-24T10-30_notice-departments-schedule': noticeDepartmentsSchedule,
  '2026-11-24T10-40_faq-synonyms': faqSynonyms,
  '2026-11-24T11-00_tenant-time-zone': tenantTimeZone,
  '2026-11-24T12-10_news-content': newsContent,
  '2026-11-24T12-30_access-token-grace': accessTokenGrace,
  '2026-11-24T13-00_audit-log': auditLog,
  '2026-11-24T14-00_one-department-list': oneDepartmentList,
  '2026-11-25T02-00_user-dept-source': userDeptSource,
  '2026-11-25T03-00_efficiency-aggregates': efficiencyAggregates,
  '2026-11-25T04-00_chat-unread-by-peer': chatUnreadByPeer,
  '2026-11-25T06-00_hot-word-searchers': hotWordSearchers,
  '2026-11-30T14-00_chat-files-by-owner': chatFilesByOwner,
  '2026-11-30T16-50_configured-english': configuredEnglish,
  '2026-11-30T17-20_quick-labels-english': quickLabelsEnglish,
  '2026-11-30T17-30_navigation-bars-english': navigationBarsEnglish,
  '2026-11-30T21-00_home-tabs-english': homeTabsEnglish,
  '2026-11-30T21-20_holidays-specials-english': holidaysSpecialsEnglish,
  '2026-12-01T01-00_navigation-english': navigationEnglish,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // On PostgreSQL, name the schema of the migration tables: otherwise Kysely finds kysely_migration_lock in
  // any schema (another test file's) and skips creating it in this one.
  const migrationTableSchema = await currentPgSchema(db);
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (failed)
    throw new Error(`Migration ${failed.migrationName} failed: ${String((error as Error)?.message ?? error)}`, {
      cause: error,
    });
  // Not a migration of ours that failed (the database cannot be reached, or knows a migration this code does not):
  // the error as it came, with its code, for the start-up's message (startup.ts).
  if (error) throw error;
}

/** Runs the migrations up to and including `name` (tests build a database in an older shape this way). */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const migrationTableSchema = await currentPgSchema(db);
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateTo(name);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}

/** Names of the migrations this code knows that the database has not run (readiness: a node on older code or a database behind). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  // The migration table of this schema read directly: Kysely's getMigrations introspects every schema of the
  // database, and a schema dropped meanwhile (another test file's, on a shared database) made it throw.
  const schema = await currentPgSchema(db);
  let done: Set<string>;
  try {
    const table = sql.table(schema ? `${schema}.kysely_migration` : 'kysely_migration');
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    done = new Set(rows.map((r) => r.name));
  } catch (err) {
    // A database no node has migrated yet has no migration table: every migration is pending.
    if (!/does not exist|no such table/i.test((err as Error).message)) throw err;
    done = new Set();
  }
  return Object.keys(migrations).filter((name) => !done.has(name));
}
