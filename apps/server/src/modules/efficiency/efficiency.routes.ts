import {
  DrillRequest,
  ExistReport,
  FilterNode,
  HeatItem,
  IngestRequest,
  IngestResult,
  LikeItem,
  MonthlyReport,
  OaOverview,
  Overview,
  PagedReportRequestBody,
  PersonalNodePage,
  PersonalReport,
  RankingRequestBody,
  ReportConfig,
  ReportDrill,
  ReportFilterBody,
  ReportTable,
  TimeoutNode,
  TimeoutProcessPage,
  Trend,
  TrendRequestBody,
} from '@portal/contracts/efficiency';
import { envelope } from '@portal/contracts/envelope';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import * as efficiency from './efficiency.service.ts';
import { ingestProcesses } from './efficiency.ingest.ts';
import { EFFICIENCY_MENU } from '@portal/contracts/efficiency';

/**
 * Efficiency supervision (7.6 efficiencyHomePage/*). Report-wide calls need an administrator or the
 * effectivenessMonitoringConfig menu; the personal report, the filter trees and the configuration are for
 * every logged-in user. saveReportConfig is this project's: the spec lists no call that saves it.
 */
export async function efficiencyRoutes(app: App): Promise<void> {
  const r = typed(app);
  const E = `${GROUPS.osp}/efficiencyHomePage`;
  const deps = app.deps;
  const tags = ['efficiency'];

  r.post(
    `${E}/overView`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Overview: services, visits, processes started, finished, running and late in the range',
        body: ReportFilterBody,
        response: { 200: envelope(Overview) },
      },
    },
    async (request) => ok(await efficiency.overview(deps, userOf(request), request.body)),
  );
  r.post(
    `${E}/efficiencyReportList`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Month-by-month process summary of the range',
        body: ReportFilterBody,
        response: { 200: envelope(z.array(MonthlyReport)) },
      },
    },
    async (request) => ok(await efficiency.monthlyReports(deps, userOf(request), request.body)),
  );
  r.post(
    `${E}/processTrending`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Processes started, finished and late by day, week or month',
        body: TrendRequestBody,
        response: { 200: envelope(Trend) },
      },
    },
    async (request) => ok(await efficiency.trend(deps, userOf(request), request.body)),
  );
  r.post(
    `${E}/serviceHeatRate`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Services by visits, with clicks in the range and share of all visits',
        body: RankingRequestBody,
        response: { 200: envelope(z.array(HeatItem)) },
      },
    },
    async (request) => ok(await efficiency.heat(deps, userOf(request), request.body)),
  );
  r.post(
    `${E}/topLikesBoard`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Services by average rating given in the range',
        body: RankingRequestBody,
        response: { 200: envelope(z.array(LikeItem)) },
      },
    },
    async (request) => ok(await efficiency.likes(deps, userOf(request), request.body)),
  );
  r.post(
    `${E}/timeoutProcess`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Late processes, the latest first',
        body: PagedReportRequestBody,
        response: { 200: envelope(TimeoutProcessPage) },
      },
    },
    async (request) => ok(await efficiency.timeoutProcesses(deps, userOf(request), request.body)),
  );
  r.post(
    `${E}/timeoutNode`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Approval nodes most often late',
        body: RankingRequestBody,
        response: { 200: envelope(z.array(TimeoutNode)) },
      },
    },
    async (request) => ok(await efficiency.timeoutNodes(deps, userOf(request), request.body)),
  );
  r.post(
    `${E}/reportTable`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The report by department, with a total row',
        body: ReportFilterBody,
        response: { 200: envelope(ReportTable) },
      },
    },
    async (request) => ok(await efficiency.reportTable(deps, userOf(request), request.body)),
  );
  r.post(
    `${E}/reportTableDrill`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One department of the report, by process and by handler',
        body: DrillRequest,
        response: { 200: envelope(ReportDrill) },
      },
    },
    async (request) => ok(await efficiency.reportDrill(deps, userOf(request), request.body)),
  );
  r.post(
    `${E}/OAOverview`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Office to-dos of the workbench that arrived in the range, by flow type',
        body: ReportFilterBody,
        response: { 200: envelope(OaOverview) },
      },
    },
    async (request) => ok(await efficiency.oaOverview(deps, userOf(request), request.body)),
  );
  r.post(
    `${E}/personalEfficiencyReport`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's own work: nodes handled, pending and late, processes started",
        body: ReportFilterBody,
        response: { 200: envelope(PersonalReport) },
      },
    },
    async (request) => ok(await efficiency.personalReport(deps, userOf(request), request.body)),
  );
  r.post(
    `${E}/personalERDetail`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The nodes the caller handles, page by page',
        body: PagedReportRequestBody,
        response: { 200: envelope(PersonalNodePage) },
      },
    },
    async (request) => ok(await efficiency.personalDetail(deps, userOf(request), request.body)),
  );
  r.post(
    `${E}/sceneTree`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Scenes for the filter, with their service counts',
        response: { 200: envelope(z.array(FilterNode)) },
      },
    },
    async (request) => ok(await efficiency.sceneTree(deps, userOf(request).tenantId)),
  );
  r.post(
    `${E}/deptTree`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Departments for the filter, with their service counts',
        response: { 200: envelope(z.array(FilterNode)) },
      },
    },
    async (request) => ok(await efficiency.deptTree(deps, userOf(request).tenantId)),
  );
  r.post(
    `${E}/existReport`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Whether the caller may see the report-wide views and configure them, and whether there is data',
        response: { 200: envelope(ExistReport) },
      },
    },
    async (request) => ok(await efficiency.existReport(deps, userOf(request))),
  );
  r.post(
    `${E}/getReportConfig`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Which blocks the supervision page shows', response: { 200: envelope(ReportConfig) } },
    },
    async (request) => ok(await efficiency.getConfig(deps, userOf(request).tenantId)),
  );
  r.post(
    `${E}/saveReportConfig`,
    {
      config: { menu: EFFICIENCY_MENU },
      schema: {
        tags,
        summary: "Save which blocks the page shows (effectivenessMonitoringConfig; not in the spec's list)",
        body: ReportConfig,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await efficiency.saveConfig(deps, userOf(request), request.body);
      return ok(null);
    },
  );

  r.post(
    `${E}/ingestProcesses`,
    {
      config: { menu: EFFICIENCY_MENU },
      // 500 instances with their steps: more than the default 1 MB.
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary:
          "A workflow engine feeds process instances with their steps (this project's): keyed by externalId, sent again to update; all or none stored",
        body: IngestRequest,
        response: { 200: envelope(IngestResult) },
      },
    },
    async (request) => ok(await ingestProcesses(deps, userOf(request), request.body.processes)),
  );
}
