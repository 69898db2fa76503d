import { useQuery } from '@tanstack/react-query';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST common/getRoleList. */
export const getRoleList = () =>
  ospHttp.post<Array<{ id: string; roleName: string; roleType: string }>>('/common/getRoleList', {});
export const useRoleList = () => useQuery({ queryKey: workbenchKeys.roles(), queryFn: getRoleList });
