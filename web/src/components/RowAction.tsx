import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

/** A table row's action as an icon button named by its tooltip, so that the table stays narrow. */
export function RowAction({ label, ...button }: { label: string; icon: ReactNode; onClick: () => void; loading?: boolean; disabled?: boolean }) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} {...button} />
    </Tooltip>
  );
}
