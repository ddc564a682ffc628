import { Breadcrumb } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFactory } from '../../app/factory';
import { childrenQuery } from './api';
import { KIND_ICON } from './icons';
import { useTree } from './TreeContext';
import { editorUrl, NODE_KINDS, nodeKey, PARENT_KIND, truncatePath, type NodeKind, type NodePath, type TreeTipo } from './model';

/**
 * Where the node an editor shows sits: its site, area, machine... down to it, each a link to its
 * editor but the node `current` (the one shown; none on a page of a node's, such as its VCO's).
 * The names come from the side-bar's children lists of the current factory, and only of the
 * branches it has expanded: the same queries, so nothing more is asked, and nothing of a path
 * that belongs to the factory just left (its nodes are not expanded in this one).
 */
export function NodeBreadcrumb({ path, current }: { path: NodePath; current?: NodeKind }) {
  const { t } = useTranslation();
  const { factoryId = 0 } = useFactory();
  const { expandedKeys } = useTree();
  const steps: NodeKind[] = [];
  for (const kind of NODE_KINDS) {
    if (path[kind] === undefined) break;
    steps.push(kind);
  }
  const lists = useQueries({
    queries: steps.map((kind) => {
      // A point holds no node: the parents are the factory and the kinds above the point.
      const parent = PARENT_KIND[kind] as Exclude<TreeTipo, 'point'>;
      const id = parent === 'factory' ? factoryId : (path[parent] ?? 0);
      return { ...childrenQuery(factoryId, parent, id), enabled: factoryId > 0 && (parent === 'factory' || expandedKeys.includes(nodeKey(parent, id))) };
    }),
  });
  if (steps.length === 0) return null;
  const items = steps.map((kind, i) => {
    const name = lists[i].data?.find((n) => n.Tipo === kind && n.ID === path[kind])?.Nombre ?? '…';
    const title = (
      <>
        {KIND_ICON[kind]} {name}
      </>
    );
    return { key: kind, title: kind === current ? title : <Link to={editorUrl(truncatePath(path, kind))}>{title}</Link> };
  });
  return <Breadcrumb aria-label={t('tree.editor.breadcrumb')} items={items} style={{ marginBottom: 8 }} />;
}
