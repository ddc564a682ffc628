import type { MouseEvent, ReactNode } from 'react';
import { Typography } from 'antd';
import { useNavigate } from 'react-router';

/**
 * A link within the application in antd's look: a real link (opened in a new tab with the
 * browser's own keys and menu) that a plain click follows without reloading the page.
 */
export function RouterLink({ to, children, ...rest }: { to: string; children: ReactNode; title?: string; className?: string; 'aria-label'?: string }) {
  const navigate = useNavigate();
  const follow = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate(to);
  };
  return (
    <Typography.Link href={to} onClick={follow} {...rest}>
      {children}
    </Typography.Link>
  );
}
