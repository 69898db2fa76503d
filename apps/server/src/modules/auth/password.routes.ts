import { envelope } from '@portal/contracts/envelope';
import {
  CHANGE_PASSWORD_INFO_PATH,
  CHANGE_PASSWORD_PATH,
  ChangePasswordInfo,
  ChangePasswordRequest,
  ChangePasswordResult,
  PASSWORD_TEXTS,
} from '@portal/contracts/password';
import { ok } from '../../platform/envelope.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import { changePassword, changePasswordInfo } from './password.service.ts';
import { limitOf } from '../../platform/rate-limit.ts';

/** The personal center's password change (issue 16). */
export async function passwordRoutes(app: App): Promise<void> {
  const r = typed(app);
  const { deps } = app;
  r.post(
    `${GROUPS.workbench}${CHANGE_PASSWORD_INFO_PATH}`,
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Whether the caller may change their password here, and the rule',
        response: { 200: envelope(ChangePasswordInfo) },
      },
    },
    async (request) => ok(await changePasswordInfo(deps, userOf(request))),
  );
  r.post(
    `${GROUPS.workbench}${CHANGE_PASSWORD_PATH}`,
    {
      config: { access: 'user', rateLimit: limitOf('password') },
      schema: {
        tags: ['auth'],
        summary: 'The caller changes their own password; their other sessions end',
        body: ChangePasswordRequest,
        response: { 200: envelope(ChangePasswordResult) },
      },
    },
    async (request) => ok(await changePassword(deps, userOf(request), request.body), PASSWORD_TEXTS.changed[0]),
  );
}
