import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Divider, Empty, Flex, Modal, Select, Tag, Typography } from 'antd';
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { keys } from '../../api/keys';
import { showOnly } from '../../app/messages';
import { describeError } from '../../app/useApiError';
import { ConfirmButton } from '../../components/ActionBar';
import { currentLanguage } from '../../i18n';
import { linkCalls, listQuery, owner, type LinkChange } from './api';
import './catalog.css';
import { itemKey, itemName, linkedOf, linksOf, markOf, type CatalogItem, type CatalogKind, type LinkDecl, type Side } from './kind';
import { useModalFocus } from '../../components/useModalFocus';

/** One channel for the editor's messages, its links' included: each replaces the one shown. */
export const FEEDBACK = 'catalog-feedback';

/** What the editor's lists and their sub-modals work on: an item of a side, and who works on it. */
interface LinkProps {
  kind: CatalogKind;
  side: Side;
  factoryId: number;
  item: CatalogItem;
  /** The user's types: some items are offered to some users only. */
  types: readonly string[];
}

/** A linked item's name with its mark (SPEC-009). */
function linkedName(link: LinkDecl, linked: CatalogItem, language: string): string {
  return `${markOf(link, linked)}${itemName(link.kind, linked, language)}`;
}

/**
 * The sub-modal of one list of an item (S2 §2.7: the spectrum-bands modal, a digital spectrum's
 * 'Associate band' and 'associated spectra BR/DM'): a select of the items that fit and a
 * button to associate the one chosen, the items held with what sets them apart and a
 * dissociate button each, and a button to dissociate them all; each after its confirmation
 * (S2 §4, §8). An item held is offered disabled; the server says when an item was associated
 * after the lists were read (BAND-050). Every change, or refusal, reloads the item and the
 * lists of its side.
 */
export function LinkModal({ kind, link, side, factoryId, item, types, onClose }: LinkProps & { link: LinkDecl; onClose: () => void }) {
  const { t } = useTranslation();
  const focus = useModalFocus();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const language = currentLanguage();
  const [chosen, setChosen] = useState<string>();
  const id = itemKey(kind, side, item);
  const name = itemName(kind, item, language);
  const candidates = useQuery(listQuery(link.kind, side, factoryId, language));
  const linked = linkedOf(link, item);
  const change = useMutation({
    mutationFn: (c: LinkChange) => linkCalls.run(link, side, factoryId, id, c),
    // After a refusal too: another user may have changed the links since they were read.
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.catalogOwner(owner(side, factoryId)) }),
  });

  /** Runs a change and says how it went: the server's reasons after the failure message. */
  const run = async (c: LinkChange) => {
    const done = { link: 'catalog.links.linked', unlink: 'catalog.links.unlinked', unlinkAll: 'catalog.links.unlinkedAll' } as const;
    try {
      await change.mutateAsync(c);
      showOnly(message, FEEDBACK, { type: 'success', content: t(done[c.action]) });
      if (c.action === 'link') setChosen(undefined);
    } catch (error) {
      const failed = t(c.action === 'link' ? 'catalog.links.linkFailed' : 'catalog.links.unlinkFailed');
      showOnly(message, FEEDBACK, { type: 'error', content: `${failed} ${describeError(t, error)}`, duration: 6 });
    }
  };

  // An item already held is offered but cannot be chosen again, nor stay chosen once it is held.
  const held = new Set(linked.map((l) => itemKey(link.kind, side, l)));
  const choice = chosen !== undefined && !held.has(chosen) ? chosen : undefined;
  const associate = () => {
    if (!choice) {
      showOnly(message, FEEDBACK, { type: 'error', content: link.pick(t) }); // SPEC-049
      return;
    }
    void run({ action: 'link', target: choice });
  };

  const options = (candidates.data ?? [])
    .filter((c) => link.fits?.(item, c, types) ?? true)
    .map((c) => {
      const value = itemKey(link.kind, side, c);
      return { value, label: linkedName(link, c, language), disabled: held.has(value) };
    });
  const pending = change.isPending ? change.variables : undefined;

  return (
    <Modal
      open
      {...focus}
      width={640}
      title={
        <Flex vertical>
          <span>{link.label(t)}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 400 }} ellipsis={{ tooltip: name }}>
            {name}
          </Typography.Text>
        </Flex>
      }
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      closable={{ 'aria-label': t('catalog.actions.close') }}
      footer={
        <Flex justify="space-between" gap={8}>
          <ConfirmButton
            danger
            confirm={link.unlinkAll(t, name)}
            okText={t('catalog.links.unlinkAll')}
            onConfirm={() => run({ action: 'unlinkAll' })}
            loading={pending?.action === 'unlinkAll'}
            disabled={linked.length === 0 || change.isPending}
            icon={<DisconnectOutlined />}
          >
            {t('catalog.links.unlinkAll')}
          </ConfirmButton>
          <Button onClick={onClose}>{t('catalog.actions.close')}</Button>
        </Flex>
      }
    >
      <Flex vertical gap={12} style={{ paddingTop: 8 }}>
        <Flex gap={8}>
          <Select<string>
            aria-label={link.choose(t)}
            placeholder={link.choose(t)}
            value={choice}
            onChange={setChosen}
            options={options}
            loading={candidates.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button type="primary" icon={<LinkOutlined />} onClick={associate} loading={pending?.action === 'link'}>
            {t('catalog.links.associate')}
          </Button>
        </Flex>
        {linked.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalog.links.none')} />
        ) : (
          <ul className="vigia-rows vigia-rows-boxed">
            {linked.map((l) => {
              const target = itemKey(link.kind, side, l);
              const details = link.details?.(l, t, language);
              return (
                <li key={target} className="vigia-row" style={{ alignItems: 'center' }}>
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Typography.Text>{linkedName(link, l, language)}</Typography.Text>
                    {details && <Typography.Text type="secondary">{details}</Typography.Text>}
                  </Flex>
                  <ConfirmButton
                    confirm={t('catalog.links.unlinkConfirm')}
                    okText={t('catalog.links.unlink')}
                    onConfirm={() => run({ action: 'unlink', target })}
                    loading={pending?.action === 'unlink' && pending.target === target}
                    icon={<DisconnectOutlined />}
                  >
                    {t('catalog.links.unlink')}
                  </ConfirmButton>
                </li>
              );
            })}
          </ul>
        )}
      </Flex>
    </Modal>
  );
}

/**
 * The lists of other kinds' items an item holds, below its fields (none before it is saved):
 * each its title, the items it holds and, when the user may change them, the button of its
 * sub-modal (LinkModal).
 */
export function CatalogLinks({ editable, ...props }: LinkProps & { editable: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [open, setOpen] = useState<LinkDecl>();
  return (
    <>
      {linksOf(props.kind, props.item).map((link) => {
        const linked = linkedOf(link, props.item);
        return (
          <section key={link.segment} aria-label={link.label(t)} style={{ paddingBottom: 8 }}>
            <Divider titlePlacement="start" className="vigia-link-title" style={{ marginBlock: 8 }}>
              <Flex align="center" gap={8}>
                <span>{link.label(t)}</span>
                <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
                  {linked.length}
                </Tag>
              </Flex>
            </Divider>
            <Flex align="center" justify="space-between" gap={8} wrap>
              {linked.length > 0 ? (
                <Flex gap={4} wrap role="list" style={{ flex: 1, minWidth: 0 }}>
                  {linked.map((l) => (
                    <Tag role="listitem" key={itemKey(link.kind, props.side, l)} style={{ marginInlineEnd: 0 }}>
                      {linkedName(link, l, language)}
                    </Tag>
                  ))}
                </Flex>
              ) : (
                <Typography.Text type="secondary">{t('catalog.links.none')}</Typography.Text>
              )}
              {editable && (
                <Button icon={<LinkOutlined />} onClick={() => setOpen(link)}>
                  {link.associate(t)}
                </Button>
              )}
            </Flex>
          </section>
        );
      })}
      {open && <LinkModal link={open} {...props} onClose={() => setOpen(undefined)} />}
    </>
  );
}
