import { useQuery } from '@tanstack/react-query';
import type { HomeLayout } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST indexcardconfig/list: the caller's home page (index types with their granted, published cards). */
export const getHomeLayout = () => ospHttp.post<HomeLayout>('/indexcardconfig/list', {});
export const getHomeLayoutQueryOptions = () => ({ queryKey: workbenchKeys.home(), queryFn: getHomeLayout });
export const useHomeLayout = (enabled = true) => useQuery({ ...getHomeLayoutQueryOptions(), enabled });
