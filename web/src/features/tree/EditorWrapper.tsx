import type { ComponentType, LazyExoticComponent } from 'react';
import { Alert, Flex, Result, Tabs } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFactory } from '../../app/factory';
import { isTemplateWorkspace } from '../../app/workspace';
import { LazyOutlet } from '../../components/LazyOutlet';
import { useFeedback } from './feedback';
import { NodeBreadcrumb } from './NodeBreadcrumb';
import { nodeKey, nodeOfPath, pathFromSearch, type NodeKind, type NodePath } from './model';

/** One tab of a wrapper: its sub-path ('' for the edition tab), its label and its page. */
export interface WrapperTab {
  path: string;
  label: (t: TFunction) => string;
  page: LazyExoticComponent<ComponentType>;
}

/** The tab whose sub-path the URL is at (the edition tab when none matches). */
export function activeTab(pathname: string, base: string, tabs: readonly WrapperTab[]): string {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).replace(/^\/+|\/+$/g, '') : '';
  const first = rest.split('/')[0];
  return tabs.some((tab) => tab.path === first) ? first : '';
}

/** The node a page is made for: the deepest of the path. */
function pageKey(path: NodePath): string {
  const node = nodeOfPath(path);
  return node ? nodeKey(node.Tipo, node.ID) : '';
}

/**
 * A wrapper screen: a tab menu over the page of the active tab, at route `base` (a node kind's
 * editor, /editor/machine, or a page such as /editor/machine-vco), under the breadcrumb of its
 * node; a single page has no menu. Switching tab keeps the node (the query string). Each tab's
 * page is loaded on first use. In the template workspace a notice says so first: what is
 * edited there is what factories download. A node kind's wrapper shows only when the path
 * names a node of that kind (TREE-009); else it asks for one.
 */
export function EditorWrapper({ base, tabs, kind }: { base: string; tabs: readonly WrapperTab[]; kind?: NodeKind }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { factory } = useFactory();
  const feedback = useFeedback();
  const path = pathFromSearch(new URLSearchParams(search));
  if (kind && path[kind] === undefined) {
    return <Result status="info" title={t('tree.editor.notSelected')} />;
  }
  return (
    <Flex vertical gap={0}>
      {isTemplateWorkspace(factory) && (
        <Alert type="info" showIcon icon={<AppstoreOutlined />} title={t('tree.templates.workspaceNotice')} style={{ marginBottom: 8 }} />
      )}
      <NodeBreadcrumb path={path} current={kind} />
      {tabs.length > 1 && (
        <Tabs
          aria-label={t('tree.editor.tabs')}
          activeKey={activeTab(pathname, base, tabs)}
          onChange={(key) => {
            feedback.clear();
            void navigate(`${base}${key ? `/${key}` : ''}${search}`);
          }}
          items={tabs.map((tab) => ({ key: tab.path, label: tab.label(t) }))}
          style={{ marginBottom: 0 }}
        />
      )}
      {/* A page is made anew for each node: what it holds (a precalculation's results, a cleaning's
          narrowings) belongs to its node, and stayed, shown and sent, on the next node opened. */}
      <LazyOutlet key={pageKey(path)} />
    </Flex>
  );
}
