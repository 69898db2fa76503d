import type { MpListItem } from '@portal/contracts/identity';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { publicAccountsRepository } from './public-accounts.repository.ts';

/** serviceItem/getMpList: the public accounts of the caller's tenant. */
export async function mpList(
  deps: AppDeps,
  ctx: RequestContext,
  filter: { mpType?: number | undefined; keyword?: string | undefined },
): Promise<MpListItem[]> {
  const rows = await publicAccountsRepository(deps.db).search(ctx.tenantId, filter);
  return rows.map((r) => ({ id: r.id, name: r.name, mpType: r.mp_type, avatar: r.avatar, intro: r.intro }));
}
