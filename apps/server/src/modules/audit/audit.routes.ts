import {
  AUDIT_MENU,
  AUDIT_PATHS,
  AuditEntry,
  AuditListRequest,
  AuditPage,
  AuditRevertRequest,
  AuditUser,
} from '@portal/contracts/audit';
import { envelope } from '@portal/contracts/envelope';
import { EmptyRequest } from '@portal/contracts/workbench';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import { auditUsers, listAudit, revertAudit } from './audit.service.ts';

/**
 * The configuration audit log (issue 16, ADR 0030): administrators holding the configuration menu configAuditLog
 * (配置变更记录) read and filter the tenant's entries and revert one.
 */
export async function auditRoutes(app: App): Promise<void> {
  const r = typed(app);
  const { deps } = app;
  const O = GROUPS.osp;
  const tags = ['audit'];
  const config = { menu: AUDIT_MENU } as const;
  r.post(
    `${O}${AUDIT_PATHS.list}`,
    {
      config,
      schema: {
        tags,
        summary: "A page of the tenant's configuration changes, newest first (filters by kind, user, action, days)",
        body: AuditListRequest,
        response: { 200: envelope(AuditPage) },
      },
    },
    async (q) => ok(await listAudit(deps, userOf(q), q.body)),
  );
  r.post(
    `${O}${AUDIT_PATHS.users}`,
    {
      config,
      schema: {
        tags,
        summary: 'Everyone who appears in the log (for the filter by user)',
        body: EmptyRequest,
        response: { 200: envelope(z.array(AuditUser)) },
      },
    },
    async (q) => ok(await auditUsers(deps, userOf(q))),
  );
  r.post(
    `${O}${AUDIT_PATHS.revert}`,
    {
      config,
      schema: {
        tags,
        summary: 'Reverts a change: its before is put back, recorded as a new entry',
        body: AuditRevertRequest,
        response: { 200: envelope(AuditEntry) },
      },
    },
    async (q) => ok(await revertAudit(deps, userOf(q), q.body.id)),
  );
}
