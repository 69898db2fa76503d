import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

/**
 * A link drawn as Ant Design's primary button: one element and one tab stop (a `<Link>` around a `<Button>` made two,
 * a link holding a button), opened in place by the router, in a new tab with a modifier key or the middle button.
 */
export function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return (
    <Button type="primary" href={href} onClick={onClick}>
      {children}
    </Button>
  );
}
