import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Empty, Flex, Form, Result, Row, Spin, Tree, Typography } from 'antd';
import { DisconnectOutlined, EditOutlined, LineChartOutlined, LinkOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/auth';
import { useFactory } from '../../app/factory';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { currentLanguage } from '../../i18n';
import { itemUnit } from '../../lib/units';
import { BAND, DIGITAL_BAND } from '../bands/kinds';
import type { ActionMenu } from '../../components/ActionBar';
import { itemQuery } from '../catalog/api';
import { CatalogFields } from '../catalog/CatalogFields';
import '../catalog/catalog.css';
import { itemName, toFormValues, type CatalogItem, type CatalogKind } from '../catalog/kind';
import { nodeQuery } from '../tree/api';
import { EditorCard, EditorLoadError, useCanEdit, useEditorPath } from '../tree/editors/NodeEditor';
import { Section } from '../tree/editors/fields';
import { useFeedback } from '../tree/feedback';
import type { NodePath } from '../tree/model';
import { useDissociate, useReferences, useSpread, type AssocTarget, type Reference, type Spread } from './api';
import { MPV, MPVD, screenOf, screenUrl, type AssocKind, type AssocScreen } from './associations';
import { conditionName, groupsOf } from './referenceForm';
import { ReferenceGrid } from './ReferenceGrid';
import { ReferenceValuesModal } from './ReferenceValuesModal';

/** The band kind of an item of each kind: analog VCVs hold an alert-device band, the others a digital band. */
function bandKind(assoc: AssocKind): CatalogKind {
  return assoc === MPV ? BAND : DIGITAL_BAND;
}

/** The item's band, which the server sends with it; none for VCPs of types CRE, TEM, POS (VCP-015). */
function bandOf(item: CatalogItem): CatalogItem | undefined {
  const band = item.Banda ?? item.BandaDigital;
  return band && typeof band === 'object' ? (band as CatalogItem) : undefined;
}

/**
 * The screen of a VCV, digital VCV or VCP associated to a point (S2 §2.4, §2.6): the dissociate
 * action, the conditions with their reference values (each opens their editor) and the
 * associated band, read-only. Its path is the editor's (machine, point) and the item's key.
 */
export default function AssociatedItemPage({ screen, itemKey }: { screen: AssocScreen; itemKey: string }) {
  const { t } = useTranslation();
  const { factoryId = 0 } = useFactory();
  const { assoc } = screen;
  const path = useEditorPath();
  const target = useMemo<AssocTarget>(() => ({ machine: path.machine ?? 0, point: path.point ?? 0, key: itemKey }), [path, itemKey]);
  const item = useQuery({ ...itemQuery(assoc.kind, 'factory', factoryId, itemKey), enabled: factoryId > 0 && itemKey !== '' });
  const references = useReferences(assoc, target);

  if (target.point === 0 || itemKey === '') return <Result status="info" title={t('tree.editor.notSelected')} />;
  // VCP-017: a spinner until the item (with its band) and its references have loaded. Data
  // already loaded stays shown while it reloads (after a dissociation, before leaving).
  if (!item.data || !references.data) {
    const error = item.error ?? references.error;
    return error ? (
      <EditorLoadError error={error} />
    ) : (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" aria-label={t('common.loading')} />
      </Flex>
    );
  }
  return (
    <LoadedPage
      key={itemKey}
      assoc={assoc}
      path={path}
      target={target}
      item={item.data}
      references={references.data}
      band={bandOf(item.data)}
    />
  );
}

/** The page once the item and its references have loaded. */
function LoadedPage({
  assoc,
  path,
  target,
  item,
  references,
  band,
}: {
  assoc: AssocKind;
  path: NodePath;
  target: AssocTarget;
  item: CatalogItem;
  references: Reference[];
  band?: CatalogItem;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const readOnly = !useCanEdit();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const dissociate = useDissociate(assoc, target);
  const [selected, setSelected] = useState<number>();
  const [editing, setEditing] = useState<Reference>();
  const name = `${assoc.kind.prefix?.(item, t) ?? ''}${itemName(assoc.kind, item, language)}`;
  const groups = groupsOf(assoc.temperature, String(item.Tipo));
  // A VCP's type sets the unit of its values, a VCV's band's range its.
  const unit = itemUnit(assoc.temperature ? String(item.Tipo) : undefined, band ? String(band.Rango) : undefined);
  useDocumentTitle(`${assoc.kind.label(t)} · ${name}`);

  const open = (condition: number) => {
    setSelected(condition);
    setEditing(references.find((r) => r.UsuCondicionId === condition));
  };

  // VCV-042, VCP-025: back to the list of the band's range (VCPs have one list).
  const afterwards = screenUrl(screenOf(assoc, band ? String(band.Rango) : undefined), path);
  const run = () =>
    dissociate.mutateAsync(undefined).then(
      () => {
        feedback.success(t('vcvs.associated.dissociated'));
        void navigate(afterwards);
      },
      // VCV-041, VCP-026: the server's reasons, and the user stays.
      (error: unknown) => feedback.error(t('vcvs.associated.dissociateFailed'), error),
    );
  const more = useSpreadMenu(assoc, path, target, afterwards);

  return (
    <EditorCard
      icon={<LineChartOutlined />}
      kind={assoc.kind.label(t)}
      name={name}
      actions={[
        {
          key: 'dissociate',
          label: t(`vcvs.associated.dissociate.${assoc.tipo}`),
          icon: <DisconnectOutlined />,
          danger: true,
          // VCV-021, VCV-039, VCP-016, VCP-024
          confirm: t('vcvs.associated.dissociateConfirm'),
          confirmOk: t('vcvs.associated.dissociateOk'),
          loading: dissociate.isPending,
          run,
        },
        ...(more ? [more] : []),
      ]}
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={12}>
          <Section title={t('vcvs.associated.references')} />
          {!readOnly && assoc.temperature && (
            // VCP-014: the selected condition's editor, the first's when none is.
            <Button
              icon={<EditOutlined />}
              disabled={references.length === 0}
              onClick={() => open(selected ?? references[0].UsuCondicionId)}
              style={{ marginBottom: 12 }}
            >
              {t('vcvs.associated.changeReferences')}
            </Button>
          )}
          {references.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('vcvs.associated.noConditions')} />
          ) : (
            // VCV-019, VCV-023: the conditions; choosing one opens its reference values.
            <Tree
              blockNode
              aria-label={t('vcvs.associated.references')}
              selectedKeys={selected === undefined ? [] : [selected]}
              onSelect={(_, { node }) => open(Number(node.key))}
              treeData={references.map((r) => ({
                key: r.UsuCondicionId,
                isLeaf: true,
                title: (
                  <Flex vertical gap={4}>
                    {/* It opens the condition's editor: it reads as a link. */}
                    <Typography.Text strong className="vigia-link">
                      {conditionName(r)}
                    </Typography.Text>
                    <ReferenceGrid reference={r} groups={groups} unit={unit} />
                  </Flex>
                ),
              }))}
            />
          )}
        </Col>
        {band && (
          <Col xs={24} lg={12}>
            <Section title={t('vcvs.associated.band')} />
            <BandForm kind={bandKind(assoc)} band={band} />
          </Col>
        )}
      </Row>
      {editing && (
        <ReferenceValuesModal
          assoc={assoc}
          target={target}
          reference={editing}
          groups={groups}
          itemName={name}
          unit={unit}
          onClose={() => setEditing(undefined)}
        />
      )}
    </EditorCard>
  );
}

/**
 * The 'Más acciones' menu of a digital VCV (S2 §7.4, API-090..API-093): associate it to, or
 * dissociate it from, every point of the point's component or machine. A dissociation takes it
 * from this point too, so it ends where the single one does.
 */
function useSpreadMenu(assoc: AssocKind, path: NodePath, target: AssocTarget, afterwards: string): ActionMenu | undefined {
  const { t } = useTranslation();
  const { factoryId = 0 } = useFactory();
  const feedback = useFeedback();
  const navigate = useNavigate();
  // The side-bar's URLs name the component; others may not, and the point knows it.
  const point = useQuery({
    ...nodeQuery(factoryId, 'point', target.point),
    enabled: assoc === MPVD && path.component === undefined && factoryId > 0,
  });
  const component = path.component ?? point.data?.UsuComponenteID ?? 0;
  const spread = useSpread(target, component);
  if (assoc !== MPVD) return undefined;

  const item = (s: Spread) => {
    const associate = s.action === 'associate';
    return {
      key: `${s.action}-${s.over}`,
      label: t(`vcvs.associated.spread.${s.action}.${s.over}`),
      icon: associate ? <LinkOutlined /> : <DisconnectOutlined />,
      danger: !associate,
      disabled: spread.isPending || (associate && s.over === 'component' && component === 0),
      confirm: associate ? undefined : t('vcvs.associated.dissociateConfirm'),
      confirmOk: t('vcvs.associated.dissociateOk'),
      loading: spread.isPending && spread.variables.action === s.action && spread.variables.over === s.over,
      run: () =>
        spread.mutateAsync(s).then(
          () => {
            if (associate) return feedback.success(t('vcvs.associated.spread.associated'));
            feedback.success(t('vcvs.associated.dissociated'));
            void navigate(afterwards);
          },
          (error: unknown) => feedback.error(t(`vcvs.associated.spread.${associate ? 'associateFailed' : 'dissociateFailed'}`), error),
        ),
    };
  };
  return {
    key: 'more',
    label: t('common.more'),
    items: [
      item({ action: 'associate', over: 'component' }),
      item({ action: 'associate', over: 'machine' }),
      item({ action: 'dissociate', over: 'component' }),
      item({ action: 'dissociate', over: 'machine' }),
    ],
  };
}

/** The associated band as its editor shows it, every field disabled (VCV-020, VCP-012). */
function BandForm({ kind, band }: { kind: CatalogKind; band: CatalogItem }) {
  const { factoryId = 0 } = useFactory();
  const types = useMe().Tipos ?? [];
  return (
    <Form
      layout="vertical"
      disabled
      requiredMark={false}
      initialValues={toFormValues(kind, band, currentLanguage())}
      className="vigia-highlight-only vigia-catalog-form"
    >
      {/* Band fields read no server option lists (as on the bands screen). */}
      <CatalogFields kind={kind} lists={undefined} ctx={{ mode: 'edit', readOnly: true, types, side: 'factory' }} factoryId={factoryId} />
    </Form>
  );
}
