import { envelope } from '@portal/contracts/envelope';
import { MESSAGES } from '@portal/contracts/errors';
import {
  DeptIdRequest,
  DeptInfo,
  DeptNode,
  DeptPage,
  DeptPageRequest,
  DeptUpdateRequest,
  DutyAndService,
  DutyIdRequest,
  DutyPage,
  DutyPageRequest,
  DutySaveRequest,
  DutyService,
  DutyUpdateRequest,
  Duty,
  RemoveRequest,
  SchoolInfo,
  ServiceInfo,
  ServiceInfoPage,
  ServiceInfoRequest,
  TenantRequest,
  ThreeInventoryPageRequest,
  ThreeListConfig,
} from '@portal/contracts/transfer';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { GROUPS, tenantOf, typed, userOf, type App } from '../../platform/http.ts';
import * as lists from './three-lists.service.ts';

/** The tenant of a nobody call: the tenantId it names (the auth hook has checked it exists). */
function publicTenant(request: FastifyRequest): string {
  if (!request.tenantId) throw badRequest(MESSAGES.missingTenant);
  return tenantOf(request);
}

/** Department duty lists (7.7) and the three-lists calls of 7.6 with their nobody variants. */
export async function threeListsRoutes(app: App): Promise<void> {
  const r = typed(app);
  const W = GROUPS.workbench;
  const O = GROUPS.osp;
  const deps = app.deps;
  const tags = ['three-lists'];

  // ------------------------------------------------------------ 7.7 department duty lists (workbench)
  r.post(
    `${W}/ospDeptDutyListConfig/page`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Duties, by department (and its sub-departments) and name',
        body: DutyPageRequest.nullish().transform((v) => v ?? DutyPageRequest.parse({})),
        response: { 200: envelope(DutyPage) },
      },
    },
    async (request) => {
      const user = userOf(request);
      return ok(await lists.dutyPage(deps, user.tenantId, await lists.configReader(deps, user), request.body));
    },
  );
  r.post(
    `${W}/ospDeptDutyListConfig/save`,
    {
      config: { menu: lists.DUTY_MENU },
      schema: {
        tags,
        summary: "Add a duty with its services (deptResponsibilityListConfig, department within the caller's power)",
        body: DutySaveRequest,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => ok(await lists.saveDuty(deps, userOf(request), request.body)),
  );
  r.post(
    `${W}/ospDeptDutyListConfig/update`,
    {
      config: { menu: lists.DUTY_MENU },
      schema: {
        tags,
        summary: 'Change a duty and its services',
        body: DutyUpdateRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await lists.updateDuty(deps, userOf(request), request.body);
      return ok(null);
    },
  );
  r.post(
    `${W}/ospDeptDutyListConfig/remove`,
    {
      config: { menu: lists.DUTY_MENU },
      schema: {
        tags,
        summary: 'Delete duties (ids comma-joined)',
        body: RemoveRequest,
        response: { 200: envelope(z.object({ removed: z.number().int() })) },
      },
    },
    async (request) => ok({ removed: await lists.removeDuties(deps, userOf(request), request.body.ids) }),
  );
  r.post(
    `${W}/ospDeptInfo/noSetDutyDept`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Departments within the caller's power that have no duty yet",
        response: { 200: envelope(z.array(DeptInfo)) },
      },
    },
    async (request) => ok(await lists.noSetDutyDept(deps, userOf(request))),
  );
  r.post(
    `${W}/ospDeptInfo/queryServiceInfo`,
    {
      // The catalogue as a duty's picker needs it (off the shelf and role-restricted services included), so only for
      // those who may tie services to a duty.
      config: { menu: lists.DUTY_MENU },
      schema: {
        tags,
        summary: 'Services a duty can be tied to (for holders of the duty-list menu)',
        body: ServiceInfoRequest.nullish().transform((v) => v ?? ServiceInfoRequest.parse({})),
        response: { 200: envelope(ServiceInfoPage) },
      },
    },
    async (request) => ok(await lists.servicePage(deps, userOf(request).tenantId, request.body)),
  );
  r.post(
    `${W}/ospDeptInfo/dutyAndService`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A department with its duties and their services',
        body: DeptIdRequest,
        response: { 200: envelope(DutyAndService) },
      },
    },
    async (request) => {
      const user = userOf(request);
      return ok(
        await lists.dutyAndService(deps, user.tenantId, await lists.configReader(deps, user), request.body.deptId),
      );
    },
  );
  r.post(
    `${W}/ospDeptInfo/page`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Departments with their duty counts',
        body: DeptPageRequest.nullish().transform((v) => v ?? DeptPageRequest.parse({})),
        response: { 200: envelope(DeptPage) },
      },
    },
    async (request) => ok(await lists.deptPage(deps, userOf(request).tenantId, request.body)),
  );
  r.post(
    `${W}/ospDeptInfo/update`,
    {
      config: { menu: lists.DUTY_MENU },
      schema: {
        tags,
        summary: "Change a department's responsibility, phone or address",
        body: DeptUpdateRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await lists.updateDept(deps, userOf(request), request.body);
      return ok(null);
    },
  );
  for (const method of ['get', 'post'] as const) {
    r[method](
      `${W}/deptTree`,
      {
        config: { access: 'user' },
        schema: { tags, summary: 'The whole department tree', response: { 200: envelope(z.array(DeptNode)) } },
      },
      async (request) => ok(await lists.deptTree(deps, userOf(request).tenantId)),
    );
    r[method](
      `${W}/getDeptTreePower`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'The departments whose duty list the caller may maintain',
          response: { 200: envelope(z.array(DeptNode)) },
        },
      },
      async (request) => ok(await lists.deptTreePower(deps, userOf(request))),
    );
  }
  r.get(
    `${W}/schoolInfo`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'The school (tenant) name',
        querystring: z.object({ tenantId: z.string().optional() }),
        response: { 200: envelope(SchoolInfo) },
      },
    },
    async (request) => ok(await lists.schoolInfo(deps, publicTenant(request))),
  );
  r.get(
    `${W}/isDutyTypeMust`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Whether a duty must have a type', response: { 200: envelope(z.boolean()) } },
    },
    async (request) => ok((await lists.getConfig(deps, userOf(request).tenantId)).dutyTypeMust),
  );
  r.post(
    `${W}/nobody/baseService/getServiceDeptRelation`,
    {
      schema: {
        tags,
        summary: 'Which department each listed service belongs to, without login',
        body: TenantRequest,
        response: { 200: envelope(z.array(ServiceInfo)) },
      },
    },
    async (request) => ok(await lists.serviceDeptRelation(deps, publicTenant(request))),
  );

  // ------------------------------------------------------------ 7.6 threeInventory and tripleList (osp)
  const inventory = (prefix: string, access: 'user' | 'public') => {
    const tenant = (request: FastifyRequest) =>
      access === 'public' ? publicTenant(request) : userOf(request).tenantId;
    const who = access === 'public' ? ' (anonymous)' : '';
    // The services listed are those the reader may open (the service list's rule): a visitor's or the user's.
    const reader = (request: FastifyRequest) => (access === 'public' ? null : userOf(request));
    r.post(
      `${prefix}/threeInventory/page`,
      {
        config: { access },
        schema: {
          tags,
          summary: `Three lists: duties by department or keyword${who}`,
          body: ThreeInventoryPageRequest.nullish().transform((v) => v ?? ThreeInventoryPageRequest.parse({})),
          response: { 200: envelope(DutyPage) },
        },
      },
      async (request) => ok(await lists.dutyPage(deps, tenant(request), reader(request), request.body)),
    );
    r.post(
      `${prefix}/threeInventory/queryService`,
      {
        config: { access },
        schema: {
          tags,
          summary: `Services tied to a duty${who}`,
          body: DutyIdRequest,
          response: { 200: envelope(z.array(DutyService)) },
        },
      },
      async (request) => ok(await lists.queryService(deps, tenant(request), reader(request), request.body.dutyId)),
    );
    r.post(
      `${prefix}/threeInventory/queryDuty`,
      {
        config: { access },
        schema: {
          tags,
          summary: `Duties of one department${who}`,
          body: DeptIdRequest,
          response: { 200: envelope(z.array(Duty)) },
        },
      },
      async (request) => ok(await lists.queryDuty(deps, tenant(request), reader(request), request.body.deptId)),
    );
    r.post(
      `${prefix}/threeInventory/getTree`,
      {
        config: { access },
        schema: {
          tags,
          summary: `Department tree of the three lists${who}`,
          body: TenantRequest,
          response: { 200: envelope(z.array(DeptNode)) },
        },
      },
      async (request) => ok(await lists.deptTree(deps, tenant(request))),
    );
  };
  inventory(O, 'user');
  inventory(`${O}/nobody`, 'public');

  r.post(
    `${O}/nobody/preLogin/tripleList/getConfig`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'The three-lists page configuration',
        body: TenantRequest,
        response: { 200: envelope(ThreeListConfig) },
      },
    },
    async (request) => ok(await lists.getConfig(deps, publicTenant(request))),
  );
  r.post(
    `${O}/tripleList/saveConfig`,
    {
      config: { menu: lists.CONFIG_MENU },
      schema: {
        tags,
        summary: 'Save the three-lists page configuration (threeListsConfig)',
        body: ThreeListConfig,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await lists.saveConfig(deps, userOf(request).tenantId, request.body);
      return ok(null);
    },
  );
}
