import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Input, Spin, Tree, Typography, theme } from 'antd';
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdminTreeNode } from './api';
import { adminTreeData, type AdminTreeOption } from './nodes';

/** The nodes whose name contains `search` (in any case) with all below them, and the nodes above those. */
export function filterTree(data: readonly AdminTreeOption[], search: string): AdminTreeOption[] {
  const wanted = search.trim().toLocaleLowerCase();
  if (!wanted) return [...data];
  return data.flatMap((n) => {
    if (n.title.toLocaleLowerCase().includes(wanted)) return [n];
    const children = filterTree(n.children, wanted);
    return children.length > 0 ? [{ ...n, children }] : [];
  });
}

function find(data: readonly AdminTreeOption[], key: string): AdminTreeOption | undefined {
  for (const n of data) {
    const found = n.key === key ? n : find(n.children, key);
    if (found) return found;
  }
  return undefined;
}

export interface NodePickerProps {
  tree: readonly AdminTreeNode[];
  /** The tree's name, for assistive technology. */
  label: string;
  /** What the line of the choice says when nothing is chosen. */
  empty: string;
  /** The choice may be taken away (the device left unassigned). */
  allowClear?: boolean;
  loading?: boolean;
  /** Given by Form.Item: the chosen node's key ("CENTRO:3"); the label points at the search. */
  value?: string;
  onChange?: (key: string | undefined) => void;
  id?: string;
}

/**
 * A node of the admin tree, picked in the tree itself, shown in place: a tree that drops down
 * would cover the modal's buttons. A search narrows it by name; the choice reads above it with
 * its factory ('Planta Demo › Centro Sur'). A form control.
 */
export function NodePicker({ tree, label, empty, allowClear, loading, value, onChange, id }: NodePickerProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const data = useMemo(() => adminTreeData(tree), [tree]);
  const shown = useMemo(() => filterTree(data, search), [data, search]);
  const chosen = value === undefined ? undefined : find(data, value);
  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={4} style={{ minHeight: 24 }}>
        <Typography.Text type="secondary">{t('equipment.picker.chosen')}</Typography.Text>
        <Typography.Text strong={chosen !== undefined} type={chosen ? undefined : 'secondary'}>
          {chosen?.label ?? empty}
        </Typography.Text>
        {allowClear && chosen && (
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('equipment.picker.clear')} onClick={() => onChange?.(undefined)} />
        )}
      </Flex>
      <Input
        id={id}
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('equipment.picker.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div style={{ height: 240, overflow: 'auto', border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, padding: 4 }}>
        {loading ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        ) : shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('equipment.picker.none')} />
        ) : (
          <Tree
            // A new search opens every branch of what it found.
            key={search}
            aria-label={label}
            treeData={shown}
            showIcon
            defaultExpandAll
            selectedKeys={value === undefined ? [] : [value]}
            onSelect={(keys) => keys.length > 0 && onChange?.(String(keys[0]))}
            virtual={false}
          />
        )}
      </div>
    </Flex>
  );
}
