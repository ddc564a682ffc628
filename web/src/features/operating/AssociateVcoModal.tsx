import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Empty, Flex, Modal, Row, Skeleton, Tag, Tree, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MachineVco, VcoV } from '../../api/types';
import { useFactory } from '../../app/factory';
import { describeError } from '../../app/useApiError';
import { currentLanguage } from '../../i18n';
import { localName } from '../../i18n/names';
import { useFactoryItems } from '../catalog/api';
import { VCO } from '../criteria/kinds';
import { machineVcosQuery, useMachineVcoMutations } from './api';
import { useFeedback } from '../tree/feedback';
import { VCO_ICON } from '../tree/icons';
import { isVcov, splitVcos } from './machineVco';
import type { NodePath } from '../tree/model';
import './machineVco.css';
import { SearchInput } from '../../components/SearchInput';
import { useModalFocus } from '../../components/useModalFocus';

interface ListItem {
  key: number;
  title: string;
  icon: ReactNode;
  associated: boolean;
  /** An associated item cannot be chosen again. */
  disabled?: boolean;
}

/** One of the modal's three trees, titled, scrolling on its own. */
function VcoTree({
  label,
  items,
  empty,
  selected,
  onSelect,
  associatedMark,
}: {
  label: string;
  items: ListItem[] | 'loading' | 'error';
  empty: string;
  selected?: number;
  onSelect?: (id: number) => void;
  associatedMark?: string;
}) {
  let body;
  if (items === 'loading') body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  else if (items === 'error') body = null;
  else if (items.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  else {
    body = (
      <Tree<ListItem>
        className="vigia-vco-tree"
        treeData={items}
        showIcon
        blockNode
        selectable={!!onSelect}
        selectedKeys={selected !== undefined ? [selected] : []}
        onSelect={(_, info) => onSelect?.(info.node.key)}
        titleRender={(item) => (
          <Flex gap={6} align="center" justify="space-between" style={{ minWidth: 0 }}>
            <Typography.Text ellipsis={{ tooltip: item.title }} disabled={item.disabled}>
              {item.title}
            </Typography.Text>
            {associatedMark && item.associated && (
              <Tag icon={<LinkOutlined />} variant="filled" style={{ marginInlineEnd: 0, fontSize: 11, flexShrink: 0 }}>
                {associatedMark}
              </Tag>
            )}
          </Flex>
        )}
      />
    );
  }
  return (
    <section aria-label={label} style={{ border: '1px solid rgba(5,5,5,0.08)', borderRadius: 8, height: '100%' }}>
      <Typography.Text strong style={{ display: 'block', padding: '8px 12px', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
        {label}
      </Typography.Text>
      <div style={{ maxHeight: '40vh', minHeight: 120, overflowY: 'auto', padding: 8 }}>{body}</div>
    </section>
  );
}

/**
 * The 'Asociar VCO' modal of a machine (VCO-003, VCO-004): trees of the factory's VCOs and
 * VCOVs to choose from, beside the tree of the machine's associated ones. Associating without
 * a choice says 'Debe seleccionar un VCO.' (VCO-005); a success refreshes the associated tree
 * and the side-bar (VCO-006) and the modal stays open for the next one. An associated item is
 * shown but cannot be chosen; when another user associated it after the lists were read, the
 * server's refusal ('El elemento ya está asociado.', VCO-007) is listed under 'No se ha podido
 * asociar el elemento.'.
 */
export function AssociateVcoModal({ path, onClose }: { path: NodePath; onClose: () => void }) {
  const { t } = useTranslation();
  const focus = useModalFocus();
  const { factoryId = 0 } = useFactory();
  const feedback = useFeedback();
  const language = currentLanguage();
  const factoryVcos = useFactoryItems<VcoV>(VCO);
  const machine = path.machine ?? 0;
  const associatedQuery = useQuery({ ...machineVcosQuery(factoryId, machine), enabled: factoryId > 0 && machine > 0 });
  const { associate } = useMachineVcoMutations(path);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number>();

  const name = (v: { NombreEs: string; NombreEn?: string }) => localName(v, language);
  const associatedIds = useMemo(() => new Set((associatedQuery.data ?? []).map((v) => v.UsuVco_vId)), [associatedQuery.data]);
  const lists = splitVcos(factoryVcos.data ?? [], name, search);
  const toItem = (v: VcoV): ListItem => ({
    key: v.UsuVco_vID ?? 0,
    title: name(v),
    icon: VCO_ICON[isVcov(v) ? 'VCOV' : 'VCO'],
    associated: associatedIds.has(v.UsuVco_vID ?? 0),
    disabled: associatedIds.has(v.UsuVco_vID ?? 0),
  });
  const fromFactory = (items: VcoV[]) => (factoryVcos.isPending ? 'loading' : factoryVcos.isError ? 'error' : items.map(toItem));
  const associated: ListItem[] | 'loading' | 'error' = associatedQuery.isPending
    ? 'loading'
    : associatedQuery.isError
      ? 'error'
      : associatedQuery.data.map((v: MachineVco) => ({ key: v.UsuVco_vId, title: name(v), icon: VCO_ICON[v.Tipo.EnumTipoVcoID], associated: true }));
  // A choice the search hides, or one associated since it was chosen, is not associated by mistake.
  const selected =
    chosen !== undefined && !associatedIds.has(chosen) && [...lists.vco, ...lists.vcov].some((v) => v.UsuVco_vID === chosen) ? chosen : undefined;

  const submit = () => {
    if (selected === undefined) {
      feedback.error(t('machineVco.messages.choose'));
      return;
    }
    associate.mutate(selected, {
      onSuccess: () => {
        feedback.success(t('machineVco.messages.associated'));
        setChosen(undefined);
      },
      // MSG-005: the failure, then the server's code and message (already associated, VCO-007).
      onError: (error) => feedback.error(t('machineVco.messages.associateFailed'), error),
    });
  };

  const loadError = factoryVcos.error ?? associatedQuery.error;
  return (
    <Modal
      open
      {...focus}
      title={t('machineVco.associate')}
      okText={t('machineVco.associateOk')}
      cancelText={t('machineVco.close')}
      okButtonProps={{ icon: <LinkOutlined />, loading: associate.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      // Three lists side by side, wide enough for a name beside its mark.
      width={1120}
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('machineVco.associateHelp')}</Typography.Text>
        {loadError && <Alert type="error" showIcon title={describeError(t, loadError)} />}
        <SearchInput label={t('machineVco.search')} value={search} onChange={setSearch} />
        <Row gutter={[12, 12]}>
          {(['vco', 'vcov'] as const).map((type) => (
            <Col key={type} xs={24} md={8}>
              <VcoTree
                label={t(`machineVco.${type}List`)}
                items={fromFactory(lists[type])}
                empty={t('machineVco.none')}
                selected={selected}
                onSelect={setChosen}
                associatedMark={t('machineVco.associatedMark')}
              />
            </Col>
          ))}
          <Col xs={24} md={8}>
            <VcoTree label={t('machineVco.associatedList')} items={associated} empty={t('machineVco.noneAssociated')} />
          </Col>
        </Row>
      </Flex>
    </Modal>
  );
}
