import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Divider, Empty, Flex, List, Select, Typography } from 'antd';
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { keys } from '../../api/keys';
import { describeError } from '../../app/useApiError';
import { ConfirmButton } from '../../components/ActionBar';
import { currentLanguage } from '../../i18n';
import { linkCalls, listQuery, owner } from './api';
import { itemKey, itemName, linkedOf, markOf, type CatalogItem, type CatalogKind, type LinkDecl, type Side } from './kind';

/** One key for the editor's messages, its links' included: each replaces the one shown. */
export const FEEDBACK = 'catalog-feedback';

/**
 * One list of an item's editor: the items of another kind it holds (a spectrum's bands), and,
 * when the user may change it, a select of the items that fit to associate one more and a
 * dissociate button per item, after a confirmation (S2 §2.7, §4, §8). The server says when an
 * item is already associated; every change reloads the item and the lists of its side.
 */
function LinkSection({
  kind,
  link,
  side,
  factoryId,
  item,
  editable,
}: {
  kind: CatalogKind;
  link: LinkDecl;
  side: Side;
  factoryId: number;
  item: CatalogItem;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const language = currentLanguage();
  const [chosen, setChosen] = useState<string>();
  const id = itemKey(kind, side, item);
  const candidates = useQuery({ ...listQuery(link.kind, side, factoryId, language), enabled: editable });
  const linked = linkedOf(link, item);
  const change = useMutation({
    mutationFn: ({ action, target }: { action: 'link' | 'unlink'; target: string }) =>
      linkCalls[action](link, side, factoryId, id, target),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.catalogOwner(owner(side, factoryId)) }),
  });

  /** Runs a change and says how it went: the server's reasons after the failure message. */
  const run = async (action: 'link' | 'unlink', target: string) => {
    try {
      await change.mutateAsync({ action, target });
      void message.success({ content: t(action === 'link' ? 'catalog.links.linked' : 'catalog.links.unlinked'), key: FEEDBACK });
      if (action === 'link') setChosen(undefined);
    } catch (error) {
      const failed = t(action === 'link' ? 'catalog.links.linkFailed' : 'catalog.links.unlinkFailed');
      void message.error({ content: `${failed} ${describeError(t, error)}`, key: FEEDBACK, duration: 6 });
    }
  };

  const associate = () => {
    if (!chosen) {
      void message.error({ content: link.pick(t), key: FEEDBACK }); // SPEC-049
      return;
    }
    void run('link', chosen);
  };

  const options = (candidates.data ?? [])
    .filter((c) => link.fits?.(item, c) ?? true)
    .map((c) => ({ value: itemKey(link.kind, side, c), label: `${markOf(link, c)}${itemName(link.kind, c, language)}` }));
  const pending = change.isPending ? change.variables : undefined;

  return (
    <section aria-label={link.label(t)}>
      <Divider titlePlacement="start" style={{ marginBlock: 8 }}>
        {link.label(t)}
      </Divider>
      {editable && (
        <Flex gap={8} style={{ marginBottom: 8 }}>
          <Select<string>
            aria-label={link.choose(t)}
            placeholder={link.choose(t)}
            value={chosen}
            onChange={setChosen}
            options={options}
            loading={candidates.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button icon={<LinkOutlined />} onClick={associate} loading={pending?.action === 'link'}>
            {link.associate(t)}
          </Button>
        </Flex>
      )}
      <List
        size="small"
        bordered
        dataSource={linked}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalog.links.none')} /> }}
        renderItem={(l) => {
          const target = itemKey(link.kind, side, l);
          return (
            <List.Item
              key={target}
              actions={
                editable
                  ? [
                      <ConfirmButton
                        key="unlink"
                        confirm={t('catalog.links.unlinkConfirm')}
                        okText={t('catalog.links.unlink')}
                        onConfirm={() => run('unlink', target)}
                        loading={pending?.action === 'unlink' && pending.target === target}
                        icon={<DisconnectOutlined />}
                      >
                        {t('catalog.links.unlink')}
                      </ConfirmButton>,
                    ]
                  : undefined
              }
            >
              <Typography.Text>{`${markOf(link, l)}${itemName(link.kind, l, language)}`}</Typography.Text>
            </List.Item>
          );
        }}
      />
    </section>
  );
}

/** The lists of other kinds' items an item holds, below its fields (none before it is saved). */
export function CatalogLinks(props: {
  kind: CatalogKind;
  side: Side;
  factoryId: number;
  item: CatalogItem;
  editable: boolean;
}) {
  return (
    <>
      {(props.kind.links ?? []).map((link) => (
        <LinkSection key={link.segment} link={link} {...props} />
      ))}
    </>
  );
}
