import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { RobotAvatar } from './robot-avatar.tsx';
import { RobotWindow } from './robot-window.tsx';

/**
 * The robot assistant's button and its window (7.8), shown in the chat panel's header (app/ puts it there). The
 * robot's basic configuration (fetched once per session by the guard) can turn it off.
 */
export function RobotEntry() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const enabled = useSession((s) => s.robotConfig?.enabled !== false);
  const avatar = useSession((s) => s.robotConfig?.robotAvatar);
  return (
    <>
      {enabled && (
        <Button icon={<RobotAvatar src={avatar} size={16} />} onClick={() => setOpen(true)}>
          {t('assistant.robot.open')}
        </Button>
      )}
      <RobotWindow open={open} onClose={() => setOpen(false)} />
    </>
  );
}
