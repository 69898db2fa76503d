import { useOpenService } from '../../features/services/components/use-open-service.ts';
import { ThreeListsPage } from '../../features/three-lists/components/three-lists-page.tsx';

/**
 * /home/threelists (three-lists feature) with the services feature's opener: a duty's service opens as a service
 * hall tile does (4.4: openWay, accessWay 5's combStr, the click log; custom details for a visitor).
 */
export function ThreeListsRoute() {
  const openService = useOpenService();
  return <ThreeListsPage onOpenService={(s) => void openService(s)} />;
}
