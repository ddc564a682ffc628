import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { AutoComplete, Button, Empty, Flex, Input, Skeleton, Tooltip, Tree, Typography } from 'antd';
import type { GetRef } from 'antd';
import { ApartmentOutlined, CloseOutlined, PlusOutlined, SearchOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TreeSearchHit } from '../../api/types';
import { useFactory } from '../../app/factory';
import { useFactoryName, WorkspaceMark } from '../../app/FactoryName';
import { isTemplateWorkspace } from '../../app/workspace';
import { useDebouncedValue } from '../../app/useDebouncedValue';
import { useElementHeight } from '../../app/useElementHeight';
import { currentLanguage } from '../../i18n';
import { localName } from '../../i18n/names';
import type { MachineVco } from '../../api/types';
import { pointAssociationsQuery } from '../assoc/api';
import { pointGroups, type AssocKind, type AssociatedItem } from '../assoc/associations';
import { machineVcosQuery } from '../operating/api';
import { childrenQuery, searchQuery } from './api';
import { clipboard, useClipboard } from './clipboard';
import { useCanEdit } from './editors/NodeEditor';
import { CreateNodeModal } from './editors/CreateNodeModal';
import { ASSOC_GROUP_ICON, ASSOC_ICON, KIND_ICON, VCO_GROUP_ICON, VCO_ICON } from './icons';
import { machineVcoGroup } from '../operating/machineVco';
import { editorUrl, nodeKey, parseNodeKey, pathFromRoute, type NodeKind } from './model';
import { WRAPPERS } from './routes';
import { currentTab, sideBarUrl, useSideBarRoutes } from './sideBarRoutes';
import { useTree } from './TreeContext';
import { buildTree, treeItems, type TreeItem } from './treeData';

/** Shortest text the search sends. */
const SEARCH_MIN = 2;

/** The tabs of a kind's wrapper, by sub-path: the side-bar keeps the one open where it can (TREE-006). */
const wrapperTabs = (kind: NodeKind) => WRAPPERS[kind].map((tab) => tab.path);

/** Each list as loaded, or still loading, or failed. */
function loaded<T>(results: UseQueryResult<T>[]): (T | 'loading' | 'error')[] {
  return results.map((r) => (r.data ? r.data : r.isError ? 'error' : 'loading'));
}

/** Search box: debounced, from 2 characters; choosing a hit opens its editor. */
function TreeSearch({ factoryId }: { factoryId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const search = useQuery({ ...searchQuery(factoryId, q), enabled: q.length >= SEARCH_MIN });
  const hits = q.length >= SEARCH_MIN ? (search.data ?? []) : [];

  const route = (hit: TreeSearchHit) =>
    (hit.Ruta ?? [])
      .slice(0, -1)
      .map((n) => n.Nombre)
      .join(' › ');

  let notFound: string | undefined;
  if (text.trim().length > 0 && text.trim().length < SEARCH_MIN) notFound = t('sidebar.searchMin');
  else if (q.length >= SEARCH_MIN && search.isSuccess && hits.length === 0) notFound = t('sidebar.noResults');

  return (
    <AutoComplete
      value={text}
      onChange={setText}
      style={{ width: '100%' }}
      popupMatchSelectWidth={280}
      options={hits.map((hit) => ({
        value: nodeKey(hit.Tipo as NodeKind, hit.ID),
        // What screen readers say of the option (the value is a node key).
        'aria-label': route(hit) ? `${hit.Nombre} (${route(hit)})` : hit.Nombre,
        label: (
          <Flex gap={8} align="baseline" style={{ minWidth: 0 }}>
            <span aria-hidden>{KIND_ICON[hit.Tipo as NodeKind]}</span>
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text ellipsis>{hit.Nombre}</Typography.Text>
              {route(hit) && (
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  {route(hit)}
                </Typography.Text>
              )}
            </Flex>
          </Flex>
        ),
      }))}
      notFoundContent={notFound}
      onSelect={(value: string) => {
        const hit = hits.find((h) => nodeKey(h.Tipo as NodeKind, h.ID) === value);
        setText('');
        // The URL selects the node and expands the path to it (TreeProvider).
        if (hit) void navigate(editorUrl(pathFromRoute((hit.Ruta ?? []).map((n) => ({ Tipo: n.Tipo as NodeKind, ID: n.ID })))));
      }}
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('sidebar.searchPlaceholder')}
        aria-label={t('sidebar.search')}
      />
    </AutoComplete>
  );
}

/** What the clipboard holds, with a button to empty it. */
function ClipboardNote() {
  const { t } = useTranslation();
  const item = useClipboard();
  if (!item) return null;
  return (
    <Flex align="center" gap={6} style={{ fontSize: 12 }} aria-label={t('sidebar.clipboard')} role="status">
      <SnippetsOutlined />
      <Typography.Text type="secondary" ellipsis style={{ flex: 1, fontSize: 12 }}>
        {t(`tree.kinds.${item.Tipo}`)}: {item.Nombre}
      </Typography.Text>
      <Tooltip title={t('sidebar.clearClipboard')}>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('sidebar.clearClipboard')} onClick={() => clipboard.clear()} />
      </Tooltip>
    </Flex>
  );
}

/**
 * The factory's asset tree: site > area > machine > component > point, loaded level by level
 * as nodes are expanded (one query per expanded node, so an editor refreshes a branch by
 * invalidating it). Virtual, so an area of a thousand machines scrolls smoothly. Selecting a
 * node opens its editor.
 */
export function AssetTree({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { factory, factoryId = 0 } = useFactory();
  const nameOf = useFactoryName();
  const tree = useTree();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const routes = useSideBarRoutes();
  const [creatingSite, setCreatingSite] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<GetRef<typeof Tree>>(null);
  const [height, measured] = useElementHeight(boxRef, 400);

  // The factory's sites, then the children of every expanded node.
  const rootKey = nodeKey('factory', factoryId);
  const branchKeys = useMemo(
    () => [rootKey, ...tree.expandedKeys.filter((k) => parseNodeKey(k) && !k.startsWith('point:'))],
    [rootKey, tree.expandedKeys],
  );
  const branches = useQueries({
    queries: branchKeys.map((k) => {
      const n = parseNodeKey(k) as { Tipo: 'factory' | Exclude<NodeKind, 'point'>; ID: number };
      return { ...childrenQuery(factoryId, n.Tipo, n.ID), enabled: factoryId > 0 };
    }),
    combine: loaded,
  });

  // The VCO/VCOVs of every expanded machine (its group 'VCO/V de máquina'), the VCVs and VCPs
  // of every expanded point.
  const expandedOf = useCallback(
    (tipo: NodeKind) => tree.expandedKeys.map(parseNodeKey).flatMap((n) => (n?.Tipo === tipo ? [n.ID] : [])),
    [tree.expandedKeys],
  );
  const machines = useMemo(() => expandedOf('machine'), [expandedOf]);
  const points = useMemo(() => expandedOf('point'), [expandedOf]);
  const vcoLists = useQueries({
    queries: machines.map((m) => ({ ...machineVcosQuery(factoryId, m), enabled: factoryId > 0 })),
    combine: loaded,
  });
  const assocLists = useQueries({
    queries: points.map((p) => ({ ...pointAssociationsQuery(factoryId, p), enabled: factoryId > 0 })),
    combine: loaded,
  });

  const built = useMemo(() => {
    const byKey = new Map(branchKeys.map((k, i) => [k, branches[i]]));
    const vcosOf = new Map(machines.map((m, i) => [m, vcoLists[i]]));
    const assocsOf = new Map(points.map((p, i) => [p, assocLists[i]]));
    const language = currentLanguage();
    const vcoGroup = { title: t('machineVco.group'), icon: VCO_GROUP_ICON, itemIcon: (v: MachineVco) => VCO_ICON[v.Tipo.EnumTipoVcoID], name: (v: MachineVco) => localName(v, language) };
    const assocGroup = {
      title: (a: AssocKind) => t(`vcvs.screens.title.${a.tipo}`),
      name: (a: AssociatedItem) => (a.TipoVco ? t(`vcvs.prefixes.${a.TipoVco}`) : '') + localName(a, language),
      range: (code: string) => t(`common.rangeCodes.${code as 'BR' | 'AR' | 'DM' | 'MG'}`),
      icon: ASSOC_GROUP_ICON,
      itemIcon: ASSOC_ICON,
    };
    return buildTree(
      { Tipo: 'factory', ID: factoryId },
      {
        branch: (k) => byKey.get(k) ?? 'loading',
        expanded: new Set(tree.expandedKeys),
        icon: (kind) => KIND_ICON[kind],
        loadingText: t('common.loading'),
        errorText: t('sidebar.loadFailed'),
        groups: (kind, id, path) => {
          if (kind === 'machine') return [machineVcoGroup(id, path, vcosOf.get(id) ?? 'loading', vcoGroup)];
          if (kind === 'point') return pointGroups(id, path, assocsOf.get(id) ?? 'loading', assocGroup);
          return [];
        },
      },
    );
  }, [branchKeys, branches, machines, vcoLists, points, assocLists, factoryId, tree.expandedKeys, t]);
  const items = useMemo(() => (typeof built === 'string' ? [] : built), [built]);
  const shown = useMemo(() => treeItems(items), [items]);
  // The node the keyboard is on.
  const active = useRef<string | undefined>(undefined);

  // Bring the selected node into view once it is in the tree (after a search or a link), and
  // again once the tree is measured: a drawer's tree is measured after its first render, and a
  // node shown in the first guess of its height was below the real one. Other changes of the
  // height (a menu group folded) leave the tree where the user scrolled it.
  const scrolledTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    const key = tree.selectedKey;
    const target = `${key} ${measured}`;
    if (!key || scrolledTo.current === target || !shown.has(key)) return;
    scrolledTo.current = target;
    treeRef.current?.scrollTo({ key, align: 'auto' });
  }, [tree.selectedKey, shown, measured]);

  const { pathname } = useLocation();
  const open = useCallback(
    (item: TreeItem) => {
      if (item.group && !item.url) {
        // A group without a page: choosing it opens or closes it.
        const isOpen = tree.expandedKeys.includes(item.key);
        if (!item.isLeaf) tree.setExpandedKeys(isOpen ? tree.expandedKeys.filter((k) => k !== item.key) : [...tree.expandedKeys, item.key]);
        return;
      }
      const url = item.url ?? (item.path && sideBarUrl(item.path, routes, { tab: currentTab(pathname), tabs: wrapperTabs }));
      if (!item.isLeaf) tree.expand([item.key]);
      if (!url) return;
      void navigate(url);
      onNavigate?.();
    },
    [navigate, onNavigate, tree, routes, pathname],
  );

  let body;
  if (built === 'loading') body = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  else if (built === 'error') body = <Typography.Text type="warning">{t('sidebar.loadFailed')}</Typography.Text>;
  else if (items.length === 0) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sidebar.noSites')}>
        {canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => setCreatingSite(true)}>
            {t('tree.actions.createSite')}
          </Button>
        )}
      </Empty>
    );
  } else {
    body = (
      <Tree<TreeItem>
        ref={treeRef}
        className="asset-tree"
        aria-label={t('sidebar.treeLabel')}
        treeData={items}
        height={height}
        virtual
        showIcon
        blockNode
        expandedKeys={tree.expandedKeys}
        // By default the tree's first render keeps only the expanded keys of nodes already
        // loaded, and never looks again: after a reload the deeper nodes came back collapsed.
        defaultExpandParent={false}
        selectedKeys={tree.selectedKey ? [tree.selectedKey] : []}
        onExpand={(keys) => tree.setExpandedKeys(keys.map(String))}
        onSelect={(_, info) => open(info.node)}
        onActiveChange={(key) => (active.current = key === null ? undefined : String(key))}
        // Enter opens a node's page, as a click does: the tree's own Enter only folds or unfolds
        // a node with children (and a group without a page, which opening also folds, is left to it).
        onKeyDown={(e) => {
          const item = e.key === 'Enter' && active.current !== undefined ? shown.get(active.current) : undefined;
          if (item && !item.isLeaf && !(item.group && !item.url)) open(item);
        }}
        // The whole name on hover too, where a narrow side-bar wraps it.
        titleRender={(item) => <span title={item.title}>{item.title}</span>}
      />
    );
  }

  return (
    <section id="sidebar-tree" aria-label={t('sidebar.treeLabel')} style={{ display: 'flex', flexDirection: 'column', height: '100%', padding: '12px 12px 0' }}>
      <Flex vertical gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }} ellipsis={{ tooltip: nameOf(factory) }}>
          {isTemplateWorkspace(factory) ? <WorkspaceMark /> : <ApartmentOutlined style={{ marginInlineEnd: 8 }} />}
          {factory?.Nombre}
        </Typography.Title>
        <TreeSearch factoryId={factoryId} />
        <ClipboardNote />
      </Flex>
      <div ref={boxRef} style={{ flex: 1, minHeight: 120, overflow: 'hidden' }}>
        {body}
      </div>
      {creatingSite && <CreateNodeModal kind="site" parentPath={{}} onClose={() => setCreatingSite(false)} />}
    </section>
  );
}
