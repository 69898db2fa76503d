import { CaretDownFilled } from '@ant-design/icons';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useId } from 'react';

/**
 * Ant Design's TreeSelect, whose input, while the tree is open, points at `${id}_list` (aria-controls, aria-owns)
 * without rendering any element of that id: axe reports it as a critical aria-valid-attr-value violation, and screen
 * readers find nothing to go to. The tree is wrapped in an element of that id. Needs no id of its own: a Form.Item
 * passes one, else one is made. Its tree's expand arrows are hidden from assistive technology: Ant Design's carry
 * their icon's English name ("caret-down") into every department's name.
 */
export function ListedTreeSelect({ id, ...props }: TreeSelectProps) {
  const made = `tree-select-${useId().replace(/[^\w-]/g, '')}`;
  const own = id ?? made;
  return (
    <TreeSelect
      switcherIcon={<CaretDownFilled aria-hidden />}
      {...props}
      id={own}
      popupRender={(menu) => <div id={`${own}_list`}>{menu}</div>}
    />
  );
}
