import type { CardService } from '@portal/contracts/workbench';
import { useMemo, useState } from 'react';
import { GuideDrawerPart } from '../../features/services/components/guide-drawer-part.tsx';
import { useOpenService } from '../../features/services/components/use-open-service.ts';
import { HomePage } from '../../features/workbench/components/home-page.tsx';
import { servicesZhCN } from '../../features/services/i18n.ts';
import { addTexts } from '../../lib/i18n/i18n.ts';

// The home page paints outside the Ant Design layout (issue 10): it brings the texts of the services it opens.
addTexts(servicesZhCN, () => import('../../features/services/i18n.en-US.ts').then((m) => m.servicesEnUS));

/**
 * /home/homePage: the workbench's cards with the services feature's opener (4.4: openWay, accessWay 5's combStr,
 * the click log — the same as a service hall tile) and its guide drawer for 办事指南.
 */
export function HomePageRoute() {
  const openService = useOpenService();
  const [guideOf, setGuideOf] = useState<CardService | null>(null);
  const actions = useMemo(
    () => ({ open: (s: CardService) => void openService(s), openGuide: (s: CardService) => setGuideOf(s) }),
    [openService],
  );
  return (
    <>
      <HomePage actions={actions} />
      <GuideDrawerPart service={guideOf} onClose={() => setGuideOf(null)} />
    </>
  );
}
