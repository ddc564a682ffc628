import type { ReactNode } from 'react';
import { Button, Flex, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * One action of a toolbar, declared once as data: what it says, what it does, when it shows.
 * With `confirm`, the action runs only after the user accepts that question.
 */
export interface Action {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Runs the action; a returned promise keeps the button spinning until it settles. */
  run: () => unknown;
  hidden?: boolean;
  disabled?: boolean;
  danger?: boolean;
  primary?: boolean;
  loading?: boolean;
  /** Question asked before running (e.g. the delete confirmation). */
  confirm?: string;
  /** Label of the confirmation's accept button; the action's label by default. */
  confirmOk?: string;
}

/** A button that asks `confirm` in a pop-over and runs `onConfirm` only when accepted. */
export function ConfirmButton({
  confirm,
  okText,
  onConfirm,
  danger,
  children,
  ...button
}: {
  confirm: string;
  okText: string;
  onConfirm: () => unknown;
  danger?: boolean;
  children: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={confirm}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger }}
      onConfirm={() => onConfirm()}
      disabled={button.disabled}
    >
      <Button danger={danger} {...button}>
        {children}
      </Button>
    </Popconfirm>
  );
}

/** A row of action buttons (wrapping on narrow screens); hidden actions are left out. */
export function ActionBar({ actions, label }: { actions: Action[]; label: string }) {
  const shown = actions.filter((a) => !a.hidden);
  if (shown.length === 0) return null;
  return (
    <Flex role="toolbar" aria-label={label} wrap gap={8}>
      {shown.map((a) =>
        a.confirm ? (
          <ConfirmButton
            key={a.key}
            confirm={a.confirm}
            okText={a.confirmOk ?? a.label}
            onConfirm={a.run}
            danger={a.danger}
            icon={a.icon}
            loading={a.loading}
            disabled={a.disabled}
          >
            {a.label}
          </ConfirmButton>
        ) : (
          <Button
            key={a.key}
            icon={a.icon}
            danger={a.danger}
            type={a.primary ? 'primary' : 'default'}
            loading={a.loading}
            disabled={a.disabled}
            onClick={() => void a.run()}
          >
            {a.label}
          </Button>
        ),
      )}
    </Flex>
  );
}
