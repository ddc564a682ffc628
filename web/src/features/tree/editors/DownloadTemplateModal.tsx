import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Modal, Radio, Skeleton, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFactory } from '../../../app/factory';
import { describeError } from '../../../app/useApiError';
import { templatesQuery } from '../api';
import { useFeedback } from '../feedback';
import type { NodePath } from '../model';
import { useDownloadNode } from '../mutations';
import { groupTemplates, type TemplateKind } from '../templates';
import { SearchInput } from '../../../components/SearchInput';
import { useModalFocus } from '../../../components/useModalFocus';

/**
 * Downloads a template `kind` into the node of `parentPath`: a machine into an area (TREE-039)
 * or a component into a machine (MACH-005, MACH-007). Lists the templates grouped (by template
 * area or machine) with a search; the copy opens in its editor once downloaded.
 */
export function DownloadTemplateModal({ kind, parentPath, onClose }: { kind: TemplateKind; parentPath: NodePath; onClose: () => void }) {
  const { t } = useTranslation();
  const focus = useModalFocus();
  const { factoryId = 0 } = useFactory();
  const feedback = useFeedback();
  const templates = useQuery({ ...templatesQuery(factoryId, kind), enabled: factoryId > 0 });
  const download = useDownloadNode(kind, parentPath);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number>();
  const groups = useMemo(() => groupTemplates(templates.data ?? [], search), [templates.data, search]);
  // A choice the search hides is not downloaded by mistake.
  const selected = groups.some((g) => g.items.some((i) => i.ID === chosen)) ? chosen : undefined;

  const submit = () => {
    if (selected === undefined) return;
    download.mutate(selected, {
      onSuccess: () => {
        feedback.success(t(`tree.templates.downloaded.${kind}`));
        onClose();
      },
      onError: (error) => feedback.error(t(`tree.templates.downloadFailed.${kind}`), error),
    });
  };

  let list;
  if (templates.isPending) list = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (templates.isError) list = <Alert type="error" showIcon title={describeError(t, templates.error)} />;
  else if (groups.length === 0) {
    list = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={(templates.data ?? []).length === 0 ? t('tree.templates.empty') : t('tree.templates.noMatch')}
      />
    );
  } else {
    list = (
      <Radio.Group
        aria-label={t(`tree.templates.list.${kind}`)}
        value={selected}
        onChange={(e) => setChosen(e.target.value as number)}
        style={{ width: '100%' }}
      >
        <Flex vertical gap={12}>
          {groups.map(({ group, items }) => (
            <div key={group} role="group" aria-label={group}>
              <Typography.Text type="secondary" strong style={{ display: 'block', fontSize: 12, marginBottom: 4 }}>
                {group}
              </Typography.Text>
              <Flex vertical gap={2}>
                {items.map((item) => (
                  <Radio key={item.ID} value={item.ID} style={{ paddingBlock: 4 }}>
                    {item.Nombre}
                  </Radio>
                ))}
              </Flex>
            </div>
          ))}
        </Flex>
      </Radio.Group>
    );
  }

  return (
    <Modal
      open
      {...focus}
      title={t(`tree.templates.action.${kind}`)}
      okText={t('tree.templates.download')}
      cancelText={t('common.cancel')}
      okButtonProps={{ icon: <DownloadOutlined />, disabled: selected === undefined, loading: download.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t(`tree.templates.help.${kind}`)}</Typography.Text>
        <SearchInput label={t('tree.templates.search')} value={search} onChange={setSearch} />
        <div style={{ maxHeight: '50vh', overflowY: 'auto', paddingInline: 2 }}>{list}</div>
      </Flex>
    </Modal>
  );
}
