import { CaretDownFilled } from '@ant-design/icons';
import type { DeptNodeT } from '@portal/contracts/transfer';
import { Tree } from 'antd';
import { useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';

type TreeNode = { key: string; title: string; children: TreeNode[] };
/** Each department with its duty count, those of the departments under it included (as its list). */
const toTree = (nodes: DeptNodeT[], t: TFunction): TreeNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: t('threeLists.deptWithCount', { name: n.title, count: n.dutyNum }),
    children: toTree(n.children, t),
  }));

/** The department tree of the three lists: a root 'all departments' and each department with its duty count. */
export function DeptTree({
  tree,
  value,
  onChange,
}: {
  tree: DeptNodeT[];
  value: string | null;
  onChange: (deptId: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('threeLists.deptTree')}>
      <Tree
        // Remounted once the departments arrive, so that they open expanded.
        key={tree.length ? 'loaded' : 'empty'}
        blockNode
        defaultExpandAll
        // Ant Design's arrow names itself "caret-down", in English inside every department's name.
        switcherIcon={<CaretDownFilled aria-hidden />}
        selectedKeys={[value ?? '__all']}
        onSelect={(keys) => {
          const k = keys[0] as string | undefined;
          onChange(!k || k === '__all' ? null : k);
        }}
        treeData={[{ key: '__all', title: t('threeLists.all'), children: toTree(tree, t) }]}
      />
    </nav>
  );
}

/** Every department of a tree, flattened with its path, for selects. */
export const flattenTree = (nodes: DeptNodeT[], prefix = ''): { id: string; label: string }[] =>
  nodes.flatMap((n) => [{ id: n.id, label: prefix + n.title }, ...flattenTree(n.children, `${prefix}${n.title} / `)]);
