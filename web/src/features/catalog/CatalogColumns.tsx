import { useMemo, useState } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { Card, Col, Drawer, Flex, Row, Spin, Tag, Tree, Typography } from 'antd';
import { CheckOutlined, CloudDownloadOutlined, DatabaseOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { listQuery } from './api';
import { ancestors, buildColumn, downloadedGuids, groupKeys, type ColumnNode, type ListState } from './columns';
import type { CatalogItem, CatalogKind, Side } from './kind';
import type { CatalogTarget } from './CatalogModal';
import './catalog.css';

function combine(results: UseQueryResult<CatalogItem[]>[]): ListState[] {
  return results.map((r) => (r.data ? r.data : r.isError ? 'error' : 'loading'));
}

/** Every kind's list of one side, in the kinds' order (loaded only when `enabled`). */
function useLists(kinds: readonly CatalogKind[], side: Side, factoryId: number, enabled: boolean): ListState[] {
  const language = currentLanguage();
  return useQueries({
    queries: kinds.map((kind) => ({ ...listQuery(kind, side, factoryId, language), enabled: enabled && factoryId > 0 })),
    combine,
  });
}

function NodeTitle({ node }: { node: ColumnNode }) {
  const { t } = useTranslation();
  // SPEC-008: a turning image while a list loads.
  if (node.placeholder === 'loading') {
    return (
      <Flex align="center" gap={8}>
        <Spin size="small" />
        <Typography.Text type="secondary">{node.title}</Typography.Text>
      </Flex>
    );
  }
  if (node.placeholder) return <Typography.Text type="warning">{node.title}</Typography.Text>;
  if (!node.kind) {
    return (
      <Flex align="center" gap={8}>
        {node.count === 0 ? <Typography.Text type="secondary">{node.title}</Typography.Text> : <Typography.Text strong>{node.title}</Typography.Text>}
        {node.count !== undefined && (
          <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
            {node.count}
          </Tag>
        )}
      </Flex>
    );
  }
  return (
    <Flex align="flex-start" gap={8} justify="space-between" style={{ minWidth: 0 }}>
      <Typography.Text className="vigia-catalog-name">{node.title}</Typography.Text>
      {node.downloaded && (
        <Tag color="green" icon={<CheckOutlined />} style={{ marginInlineEnd: 0, flexShrink: 0 }}>
          {t('catalog.downloaded')}
        </Tag>
      )}
      {node.associated && (
        <Tag color="blue" icon={<LinkOutlined />} style={{ marginInlineEnd: 0, flexShrink: 0 }}>
          {t('catalog.associated')}
        </Tag>
      )}
    </Flex>
  );
}

/**
 * One column: a tree with a group per kind (and its groups by value) and its items, each item
 * over the items it holds. Groups are all open at first, items closed; the groups above the
 * selected item open again when the selection moves into one (after a save, SPEC-007).
 */
function Column({
  side,
  title,
  kinds,
  lists,
  types,
  downloaded,
  associated,
  selected,
  filter,
  onOpen,
}: {
  side: Side;
  title: string;
  kinds: readonly CatalogKind[];
  lists: ListState[];
  types: readonly string[];
  downloaded?: ReadonlySet<string>;
  associated?: ReadonlySet<string>;
  selected?: string;
  filter?: string;
  onOpen: (target: CatalogTarget) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const nodes = useMemo(
    () =>
      buildColumn(kinds, lists, {
        side,
        language,
        downloaded,
        associated,
        label: (kind) => kind.label(t),
        valueLabel: (_, value, by) => by.values.find((v) => v.id === value)?.label(t) ?? value,
        prefix: (kind, item) => kind.prefix?.(item, t) ?? '',
        types,
        loadingText: t('common.loading'),
        errorText: t('catalog.loadFailed'),
        filter,
      }),
    [kinds, lists, side, language, downloaded, associated, types, t, filter],
  );
  const groups = useMemo(() => groupKeys(kinds), [kinds]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  // A new selection (e.g. the item just saved) opens the groups above it once its list shows
  // it: state adjusted while rendering.
  const [revealed, setRevealed] = useState(selected);
  if (selected !== revealed) {
    const above = selected ? ancestors(nodes, selected) : [];
    if (!selected || above.length > 0) {
      setRevealed(selected);
      if (above.some((k) => collapsed.has(k))) setCollapsed(new Set([...collapsed].filter((k) => !above.includes(k))));
    }
  }
  const expandedKeys = [...groups.filter((k) => !collapsed.has(k)), ...opened];

  return (
    <section aria-label={title} style={{ height: '100%' }}>
      <Card
        size="small"
        title={
          <Flex align="center" gap={8}>
            {side === 'factory' ? <DatabaseOutlined /> : <CloudDownloadOutlined />}
            <span>{title}</span>
          </Flex>
        }
        styles={{ body: { padding: '8px 4px' } }}
        style={{ height: '100%' }}
      >
        <Tree<ColumnNode>
          aria-label={title}
          className="vigia-catalog-tree"
          treeData={nodes}
          blockNode
          expandAction="click"
          expandedKeys={expandedKeys}
          selectedKeys={selected ? [selected] : []}
          onExpand={(keys) => {
            const open = new Set(keys.map(String));
            setCollapsed(new Set(groups.filter((k) => !open.has(k))));
            setOpened(new Set([...open].filter((k) => !groups.includes(k))));
          }}
          onSelect={(_, { node }) => {
            if (node.kind && node.id !== undefined) onOpen({ kind: node.kind, side, id: node.id, holder: node.holder });
          }}
          titleRender={(node) => <NodeTitle node={node} />}
        />
      </Card>
    </section>
  );
}

export interface CatalogColumnsProps {
  kinds: readonly CatalogKind[];
  factoryId: number;
  /** The user's types: some groups are shown to some users only (AUTH-009). */
  types: readonly string[];
  /** The screen's scope: the factory's items beside the templates, or the templates alone (ADMIN editing them). */
  scope: Side;
  /** Titles of the factory column and of the template column. */
  titles: { factory: string; template: string };
  /** Key of the selected item (see columnKey). */
  selected?: string;
  /** Only the items whose name holds this text (S2 §2.8). */
  filter?: string;
  onOpen: (target: CatalogTarget) => void;
  /** On small screens the factory column is a drawer, opened from the screen's menu button (SENS-006). */
  drawer?: { open: boolean; onClose: () => void };
  /** The factory items associated to the screen's point, marked as such. */
  associated?: ReadonlySet<string>;
}

/**
 * The two columns of a catalogue screen (SENS-002, SENS-003): the factory's items (editable) on
 * the left and the templates (download only) on the right, each a tree with a group per kind.
 * Clicking an item opens it (SENS-004, SENS-005). Templates the factory has already downloaded
 * carry a mark. In the templates' scope the template column stands alone.
 */
export function CatalogColumns({ kinds, factoryId, types, scope, titles, selected, filter, onOpen, drawer, associated }: CatalogColumnsProps) {
  const factoryLists = useLists(kinds, 'factory', factoryId, scope === 'factory');
  const templateLists = useLists(kinds, 'template', factoryId, true);
  const downloaded = useMemo(() => (scope === 'factory' ? downloadedGuids(kinds, factoryLists) : undefined), [scope, kinds, factoryLists]);

  const shared = { kinds, types, selected, filter, onOpen };
  const factory = <Column side="factory" title={titles.factory} lists={factoryLists} associated={associated} {...shared} />;
  const templates = <Column side="template" title={titles.template} lists={templateLists} downloaded={downloaded} {...shared} />;

  if (scope === 'template') return templates;
  if (drawer) {
    return (
      <>
        <Drawer
          id="catalog-factory-drawer"
          placement="left"
          size={340}
          open={drawer.open}
          onClose={drawer.onClose}
          title={titles.factory}
          styles={{ body: { padding: 8 } }}
        >
          {factory}
        </Drawer>
        {templates}
      </>
    );
  }
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        {factory}
      </Col>
      <Col xs={24} lg={12}>
        {templates}
      </Col>
    </Row>
  );
}
