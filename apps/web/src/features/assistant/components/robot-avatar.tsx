import { RobotOutlined } from '@ant-design/icons';
import { useState } from 'react';
import './assistant.css';

/**
 * The robot's avatar (questionbasicconfig: an uploaded image's address), else, or when the image does not load, the
 * robot's icon. Decorative: the robot's name stands beside it.
 */
export function RobotAvatar({ src, size }: { src: string | undefined; size: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) return <RobotOutlined aria-hidden style={{ fontSize: size }} />;
  return <img className="robot-avatar" src={src} alt="" width={size} height={size} onError={() => setBroken(src)} />;
}
