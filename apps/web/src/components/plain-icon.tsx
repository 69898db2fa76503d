import type { IconDefinition } from '@ant-design/icons-svg/lib/types';

type Node = { tag: string; attrs: Record<string, string>; children?: Node[] };

/**
 * One of Ant Design's icons drawn from its SVG definition (@ant-design/icons-svg), without the icon components'
 * runtime (their context, colours and style injection): the parts painted in plain React keep Ant Design's look
 * (issue 10, ADR 0042). Decorative: the control it sits in carries the name.
 */
export function PlainIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const def = icon.icon as unknown as Node;
  return (
    <svg
      viewBox={def.attrs.viewBox}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={`plain-icon ${className ?? ''}`}
    >
      {(def.children ?? [])
        .filter((c) => c.tag === 'path')
        .map((c, i) => (
          <path key={i} {...c.attrs} />
        ))}
    </svg>
  );
}
