import { useQuery } from '@tanstack/react-query';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST common/getRoleList. */
export const getRoleList = () =>
  ospHttp.post<Array<{ id: string; roleName: string; roleType: string }>>('/common/getRoleList', {});
export const useRoleList = () => useQuery({ queryKey: ['workbench', 'roles'] as const, queryFn: getRoleList });
