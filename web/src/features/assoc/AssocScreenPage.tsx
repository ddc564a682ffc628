import { lazy, Suspense, useMemo, useTransition } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Flex, Result, Segmented, Spin, Tabs } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/auth';
import { useFactory } from '../../app/factory';
import { isAdmin } from '../../app/roles';
import { seesRange } from '../bands/kinds';
import { CatalogScreen } from '../catalog/CatalogScreen';
import { nodeQuery } from '../tree/api';
import { useFeedback } from '../tree/feedback';
import { useEditorPath } from '../tree/editors/NodeEditor';
import { nodeKey, type NodePath } from '../tree/model';
import { useTree } from '../tree/TreeContext';
import { pointAssociationsQuery, useAssociate } from './api';
import { MPV, MPVD, MPVP, assocGroupKey, itemFromSearch, screenKind, screenOf, screensOf, screenUrl, type AssocScreen } from './associations';
import { vcvOptions } from '../vcvs/kinds';

const AssociatedItemPage = lazy(() => import('./AssociatedItemPage'));

/** The VCV wrapper's tabs (VCV-001, VCV-004, VCV-005): their ids are the spec's, their labels the glossary's. */
const VCV_TABS = [
  { key: 'vcv-hr', assoc: MPV, label: 'glossary.alert10' },
  { key: 'vcv-digital-hr', assoc: MPVD, label: 'glossary.kosSensor' },
] as const;

/**
 * The VCV wrapper (S1 §2, S2 §2.2): a tab per device family over the range of the screen. The
 * active tab follows the route; switching keeps the point and, where it has one, the range.
 */
function VcvTabs({ screen, path, go }: { screen: AssocScreen; path: NodePath; go: (url: string) => void }) {
  const { t } = useTranslation();
  const types = useMe().Tipos ?? [];
  // AUTH-015: the lists of digital envelope and magnetometer VCVs are ADMIN's.
  const ranges = screensOf(screen.assoc).filter((s) => screen.assoc !== MPVD || seesRange(s.range ?? '', types, isAdmin));
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      <Tabs
        aria-label={t('vcvs.screens.families')}
        activeKey={VCV_TABS.find((tab) => tab.assoc === screen.assoc)?.key}
        onChange={(key) => {
          const tab = VCV_TABS.find((x) => x.key === key) ?? VCV_TABS[0];
          go(screenUrl(screenOf(tab.assoc, screen.range), path));
        }}
        items={VCV_TABS.map((tab) => ({ key: tab.key, label: t(tab.label) }))}
        style={{ marginBottom: 0 }}
      />
      <Segmented<string>
        aria-label={t('vcvs.screens.ranges')}
        value={screen.route}
        onChange={(route) => go(screenUrl(ranges.find((s) => s.route === route) ?? ranges[0], path))}
        options={ranges.map((s) => ({ value: s.route, label: t(`bands.ranges.${s.range ?? 'BR'}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
    </Flex>
  );
}

/**
 * The factory's items and the templates of the screen's kind (and range), as the catalogue
 * shows them (VCV-006..VCV-014, VCP-001..VCP-007), with an 'Asociar' action in the editor of a
 * factory item when a point is chosen (VCV-038): it associates the item to the point, says so
 * (VCV-015, VCP-008) and opens the point's group in the side-bar, whose list reloads; a refusal
 * says 'No se ha podido asociar el elemento.' with the server's code and message (MSG-005).
 */
function AssocList({ screen, path }: { screen: AssocScreen; path: NodePath }) {
  const { t } = useTranslation();
  const { factoryId = 0 } = useFactory();
  const feedback = useFeedback();
  const tree = useTree();
  const navigate = useNavigate();
  const point = path.point ?? 0;
  const associate = useAssociate(screen.assoc, path.machine ?? 0, point);
  const pointNode = useQuery({ ...nodeQuery(factoryId, 'point', point), enabled: factoryId > 0 && point > 0 });
  const associations = useQuery({ ...pointAssociationsQuery(factoryId, point), enabled: factoryId > 0 && point > 0 });
  const associated = useMemo(
    () => new Set((associations.data ?? []).filter((a) => a.Tipo === screen.assoc.tipo).map((a) => a.Clave)),
    [associations.data, screen.assoc.tipo],
  );
  const kind = screenKind(screen);
  const family = t(`vcvs.screens.title.${screen.assoc.tipo}`);
  return (
    <CatalogScreen
      kinds={[kind]}
      associated={associated}
      createEach={() => t(`vcvs.create.${screen.assoc.itemSegment}`)}
      options={vcvOptions(factoryId)}
      texts={{
        title: pointNode.data ? `${family} · ${pointNode.data.NombreEs}` : family,
        // The screen lists VCVs or VCPs only.
        factoryColumn: t(`vcvs.screens.factoryColumn.${screen.assoc.tipo}`),
        templateColumn: t(`vcvs.screens.templateColumn.${screen.assoc.tipo}`),
      }}
      extra={
        point > 0
          ? {
              key: 'associate',
              label: t('vcvs.screens.associate'),
              icon: <LinkOutlined />,
              done: (key) => associated.has(key),
              run: async (key) => {
                try {
                  await associate.mutateAsync(key);
                } catch (error) {
                  feedback.error(t('vcvs.screens.associateFailed'), error);
                  return false;
                }
                feedback.success(t(`vcvs.screens.associated.${screen.assoc.tipo}`));
                tree.expand([nodeKey('point', point), assocGroupKey(point, screen.assoc.tipo)]);
                // VCP-009, decision 19: after a VCP, the side-bar goes to the point's /editor/vcv-lr.
                if (screen.assoc === MPVP) void navigate(screenUrl(screenOf(MPV, 'BR'), path));
                return true;
              },
            }
          : undefined
      }
    />
  );
}

/**
 * A screen of a point's VCVs or VCPs (S2 §2.2–§2.6): the list of what may be associated, or,
 * when the URL names an associated item, that item. Shown only when a machine is chosen (VCV-003).
 */
export default function AssocScreenPage({ screen }: { screen: AssocScreen }) {
  const { t } = useTranslation();
  const path = useEditorPath();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // Until the next family or range is drawn, this one's list stays on screen: it waits under a
  // spinner and takes no clicks, or an editor opened in it would go away with it.
  const [switching, startSwitch] = useTransition();
  const key = itemFromSearch(screen, search);
  if (path.machine === undefined) return <Result status="info" title={t('vcvs.screens.noMachine')} />;
  return (
    <>
      {screen.assoc !== MPVP && !key && <VcvTabs screen={screen} path={path} go={(url) => startSwitch(() => navigate(url))} />}
      {key ? (
        <Suspense fallback={<Spin />}>
          <AssociatedItemPage key={key} screen={screen} itemKey={key} />
        </Suspense>
      ) : (
        <Spin spinning={switching}>
          <AssocList key={screen.route} screen={screen} path={path} />
        </Spin>
      )}
    </>
  );
}
