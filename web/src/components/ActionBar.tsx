import type { ReactNode } from 'react';
import { App, Button, Dropdown, Flex, Popconfirm } from 'antd';
import { DownOutlined } from '@ant-design/icons';
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

/** A button of a toolbar that opens a menu of actions; hidden ones are left out. */
export interface ActionMenu {
  key: string;
  label: string;
  items: Action[];
  hidden?: boolean;
}

/** One entry of a toolbar: an action, or a menu of them. */
export type BarItem = Action | ActionMenu;

/**
 * A pop-over confirmation's keyboard use: its accept button takes the focus each time it opens
 * (mounted anew, since `autoFocus` acts on mount), so that Enter accepts; else the focus stays
 * behind it and Tab walks the page under it.
 */
export const KEYBOARD_CONFIRM = { destroyOnHidden: true, okButtonProps: { autoFocus: true } } as const;

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
      {...KEYBOARD_CONFIRM}
      okButtonProps={{ ...KEYBOARD_CONFIRM.okButtonProps, danger }}
      onConfirm={() => onConfirm()}
      disabled={button.disabled}
    >
      <Button danger={danger} {...button}>
        {children}
      </Button>
    </Popconfirm>
  );
}

/**
 * A menu button: its items' confirmations are modal, since the menu closes on the click that
 * would anchor a pop-over. It spins while one of its actions runs.
 */
function MenuButton({ menu }: { menu: ActionMenu }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const items = menu.items.filter((a) => !a.hidden);
  const choose = (a: Action) => {
    if (!a.confirm) return void a.run();
    modal.confirm({
      title: a.confirm,
      okText: a.confirmOk ?? a.label,
      cancelText: t('common.cancel'),
      okButtonProps: { danger: a.danger },
      onOk: () => a.run(),
    });
  };
  return (
    <Dropdown
      trigger={['click']}
      // Opened from the keyboard, its menu takes the focus: the arrows walk it, Escape closes it.
      autoFocus
      menu={{
        items: items.map((a) => ({ key: a.key, label: a.label, icon: a.icon, danger: a.danger, disabled: a.disabled })),
        onClick: ({ key }) => {
          const a = items.find((i) => i.key === key);
          if (a) choose(a);
        },
      }}
    >
      <Button icon={<DownOutlined />} iconPlacement="end" loading={items.some((a) => a.loading)}>
        {menu.label}
      </Button>
    </Dropdown>
  );
}

/** A row of action buttons and menus (wrapping on narrow screens); hidden ones are left out. */
export function ActionBar({ actions, label }: { actions: BarItem[]; label: string }) {
  const shown = actions.filter((a) => !a.hidden);
  if (shown.length === 0) return null;
  return (
    <Flex role="toolbar" aria-label={label} wrap gap={8}>
      {shown.map((a) =>
        'items' in a ? (
          <MenuButton key={a.key} menu={a} />
        ) : a.confirm ? (
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
