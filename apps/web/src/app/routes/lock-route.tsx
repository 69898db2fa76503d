import { LockPage } from '../../features/auth/components/lock-page.tsx';
import { useLogout } from '../use-logout.ts';

/** /lock: the lock page, whose logout ends the session on the server too. */
export function LockRoute() {
  const logout = useLogout();
  return <LockPage onLogout={() => void logout({ serverSide: true })} />;
}
