import { EllipsisOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';

// Read by a screen reader, not painted (the icon is the picture): inline, so it holds in any island of Ant Design
// whatever style sheets the page has loaded.
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * Ant Design Tabs' `more` prop: the button that lists the tabs which do not fit is named (`label`, e.g. 更多 / More)
 * instead of being an unnamed "ellipsis" icon. Its button takes no aria-label, so the name is hidden text inside it.
 */
export function tabsMore(label: string) {
  return {
    icon: (
      <>
        <EllipsisOutlined aria-hidden />
        <span style={VISUALLY_HIDDEN}>{label}</span>
      </>
    ),
  };
}
