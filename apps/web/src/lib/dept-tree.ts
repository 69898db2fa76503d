/** A node of the department tree select: the department's id and name, its sub-departments under it. */
export type DeptTreeNode = { value: string; title: string; children: DeptTreeNode[] };

/**
 * The tenant's one department list (ADR 0032, each department with its parent's id, '' at the top) as the tree the
 * TreeSelect of the notice page and of 用户部门配置 show. A department whose parent is not in the list is at the top.
 */
export function deptTree(depts: ReadonlyArray<{ id: string; name: string; parentId: string }>): DeptTreeNode[] {
  const nodes = new Map<string, DeptTreeNode>(depts.map((d) => [d.id, { value: d.id, title: d.name, children: [] }]));
  const roots: DeptTreeNode[] = [];
  for (const d of depts) {
    const parent = d.parentId ? nodes.get(d.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(d.id)!);
  }
  return roots;
}
