import { useState, type ReactNode } from 'react';
import { Button, Flex, Popconfirm, Tooltip, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { KEYBOARD_CONFIRM } from './ActionBar';

/** What a table row's action is: what it says, its icon, what it does, and its state. */
export interface RowActionProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
}

/** A table row's action as an icon button named by its tooltip, so that the table stays narrow. */
export function RowAction({ label, ...button }: RowActionProps) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} {...button} />
    </Tooltip>
  );
}

/**
 * A row action that asks first (`confirm`, with `description` under it): its tooltip gives way
 * to the confirmation, whose buttons it would cover. Its confirmation's button says `okText`.
 */
export function ConfirmRowAction({
  label,
  icon,
  confirm,
  description,
  okText,
  onConfirm,
  loading,
  danger,
}: Omit<RowActionProps, 'onClick' | 'disabled'> & { confirm: string; description?: string; okText: string; onConfirm: () => unknown; danger?: boolean }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <Popconfirm
      title={confirm}
      description={description}
      okText={okText}
      cancelText={t('common.cancel')}
      {...KEYBOARD_CONFIRM}
      okButtonProps={{ ...KEYBOARD_CONFIRM.okButtonProps, danger: true, loading }}
      onConfirm={() => onConfirm()}
      onOpenChange={setConfirming}
    >
      <Tooltip title={label} open={confirming ? false : undefined}>
        <Button type="text" size="small" danger={danger} icon={icon} aria-label={label} loading={loading} />
      </Tooltip>
    </Popconfirm>
  );
}

/** A row's actions side by side, declared as data (each named by its label); `children` (a menu of more) after them. */
export function RowActions({ actions, children }: { actions: RowActionProps[]; children?: ReactNode }) {
  return (
    <Flex gap={4}>
      {actions.map((action) => (
        <RowAction key={action.label} {...action} />
      ))}
      {children}
    </Flex>
  );
}

/**
 * A narrow, centred column of row buttons whose header `label` only screen readers read: the
 * buttons name themselves.
 */
export function buttonColumn<T>(key: string, label: string, width: number, render: (row: T) => ReactNode): TableColumnType<T> {
  return { key, title: <span className="visually-hidden">{label}</span>, width, align: 'center', render: (_, row) => render(row) };
}
