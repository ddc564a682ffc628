import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Flex, Form, Modal, Skeleton, Tag } from 'antd';
import { CloudDownloadOutlined, CopyOutlined, DeleteOutlined, DisconnectOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { keys } from '../../api/keys';
import { showOnly } from '../../app/messages';
import { applyFieldErrors, describeError } from '../../app/useApiError';
import { ActionBar, type Action } from '../../components/ActionBar';
import { VerticalForm } from '../../components/VerticalForm';
import { currentLanguage } from '../../i18n';
import { itemQuery, useCatalogChange, type CatalogChange } from './api';
import { CatalogFields, type OptionLists } from './CatalogFields';
import { CatalogLinks, FEEDBACK } from './CatalogLinks';
import './catalog.css';
import {
  HELD_ACTIONS,
  MODE_ACTIONS,
  NAME,
  SERVER_FIELDS,
  afterChange,
  canEditIn,
  initialValues,
  itemKey,
  toBody,
  toFormValues,
  type ActionKey,
  type CatalogItem,
  type CatalogKind,
  type FieldContext,
  type FormValues,
  type Holder,
  type Mode,
  type Side,
} from './kind';
import { useExclusive } from '../../components/useExclusive';
import { useModalFocus } from '../../components/useModalFocus';
import { ChangedAlert, ChangedLoad, isChanged } from '../../components/ChangedAlert';
import { useEditBase } from '../../components/useEditBase';

/** What an editor is opened on: a kind's item of a side, or (no id) a new item of that side. */
export interface CatalogTarget {
  kind: CatalogKind;
  side: Side;
  /** The item's id or GUID in its paths; undefined: add mode (CAT-010). */
  id?: string;
  /** The item it was opened under (a band under its spectrum, BAND-039). */
  holder?: Holder;
}

/** What the editor closes with: the item saved, copied or downloaded; null otherwise (CAT-019, CAT-020). */
export type CatalogResult = { kind: CatalogKind; side: Side; id: string } | null;

/**
 * The mode of an editor target in a screen's scope (CAT-010..CAT-012): a template seen from the
 * factory is only downloaded; the items of the scope itself are added and edited.
 */
export function modeOf(target: CatalogTarget, scope: Side): Mode {
  if (target.side !== scope) return 'template';
  return target.id === undefined ? 'add' : 'edit';
}

/**
 * An action a screen adds to the editor of a factory item (VCV-038: associate it to the point
 * the screen is on). `run` answers whether the editor closes.
 */
export interface ExtraAction {
  key: string;
  label: string;
  icon: ReactNode;
  run: (id: string) => Promise<boolean>;
  /** Whether the action is already done for the item (one associated to the point): it shows disabled. */
  done?: (id: string) => boolean;
}

/** A failed action: its title and the server's reasons (CAT-021), each with the form field it is about, if any. */
interface Failure {
  title: string;
  lines: { text: string; field?: string }[];
  /** The form's own checks failed (no call was made): the alert goes when the fields are fixed. */
  invalid?: boolean;
  /** Another user changed the item since it was read: the alert offers its current values. */
  changed?: boolean;
}

/**
 * The editor of every catalogue kind, in its three modes (S3 §2.2): add (Save), edit (Delete
 * with confirmation, Copy, Save) and template (every field read-only, Download). In the
 * templates' scope (ADMIN) the templates are added and edited the same way. A failed action
 * keeps the form open with the server's reasons on top and its field errors highlighted; an
 * item that cannot be loaded closes the editor. Read-only users see the fields disabled and no
 * actions.
 */
export function CatalogModal({
  target,
  scope,
  factoryId,
  lists,
  types,
  extra,
  onClose,
}: {
  target: CatalogTarget;
  /** The screen's scope: the factory (templates download only) or the templates (edited). */
  scope: Side;
  factoryId: number;
  lists: OptionLists | undefined;
  /** The user's types (ADMIN, U_EDITOR...): what they may change and choose. */
  types: readonly string[];
  /** Offered in edit mode, before the others. */
  extra?: ExtraAction;
  onClose: (result: CatalogResult) => void;
}) {
  const { t } = useTranslation();
  const focus = useModalFocus();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { kind, side, id, holder } = target;
  const mode = modeOf(target, scope);
  const canEdit = canEditIn(scope, types);
  const language = currentLanguage();
  const loaded = useQuery({ ...itemQuery(kind, side, factoryId, id ?? ''), enabled: id !== undefined });
  const item: CatalogItem | undefined = loaded.data;
  const [form] = Form.useForm<FormValues>();
  // The version the form edits: a save is refused (412) when another user has changed the item since.
  const { base, behind, adopt } = useEditBase(item, (it) => toFormValues(kind, it, language), form);
  const change = useCatalogChange(kind, factoryId, side);
  const exclusive = useExclusive();
  const [failure, setFailure] = useState<Failure | null>(null);

  // CAT-022: an item that cannot be loaded (deleted meanwhile, another factory's) closes the
  // editor; the lists of its side reload so that it disappears from them too.
  const gone = useCallback(
    (error: unknown) => {
      showOnly(message, FEEDBACK, { type: 'error', content: describeError(t, error) });
      void queryClient.invalidateQueries({ queryKey: keys.catalogOwner(side === 'template' ? 0 : factoryId) });
      onClose(null);
    },
    [message, t, queryClient, side, factoryId, onClose],
  );
  const loadError = loaded.error;
  useEffect(() => {
    if (loadError) gone(loadError);
  }, [loadError, gone]);

  const labelOf = (field: string) => {
    const name = SERVER_FIELDS[field] ?? field;
    return name === NAME ? t('catalog.fields.name') : kind.fields.find((f) => f.name === name)?.label(t);
  };

  /** Shows why an action failed: the title, the server's reasons, its field errors on the fields. */
  const fail = (title: string, error: unknown) => {
    if (error instanceof ApiError && error.status === 404) {
      gone(error); // the item has gone meanwhile
      return;
    }
    let lines: Failure['lines'] = [{ text: describeError(t, error) }];
    if (error instanceof ApiError && error.errors.length > 0) {
      if (error.status === 422) applyFieldErrors(form, error, SERVER_FIELDS);
      lines = error.errors.map((e) => {
        const label = e.field ? labelOf(e.field) : undefined;
        return label && e.field ? { text: t('common.labelled', { label, message: e.message }), field: SERVER_FIELDS[e.field] ?? e.field } : { text: e.message };
      });
    }
    setFailure({ title, lines, changed: isChanged(error) });
  };

  /** Loads the item's current values into the form, and bases the edit on them. */
  const loadCurrent = async () => {
    const fresh = await loaded.refetch();
    if (!fresh.data) return;
    adopt(fresh.data);
    setFailure(null);
  };

  /** Runs an action, one at a time; on success tells so and closes with the item saved, copied or downloaded. */
  const act = (what: CatalogChange, done: string, failed: string) =>
    exclusive(async () => {
      setFailure(null);
      try {
        const result = await change.mutateAsync(what);
        showOnly(message, FEEDBACK, { type: 'success', content: done });
        const at = what.action === 'download' ? 'factory' : side;
        onClose(result && what.action !== 'delete' ? { kind, side: at, id: itemKey(kind, at, result) } : null);
      } catch (error) {
        fail(failed, error);
      }
    });

  // A fixed item (the factory's DESCONOCIDO criterion) is shown read-only, without actions.
  const fixed = mode === 'edit' && item !== undefined && !!kind.fixed?.(item);
  // An item opened under the item holding it is locked there: it is only dissociated (BAND-039).
  const held = mode === 'edit' && holder !== undefined;
  const readOnly = mode === 'template' || !canEdit || fixed || held;
  const ctx: FieldContext = { mode, readOnly, types, side };

  // Every value, hidden fields included: what a hidden field holds is left out by toBody.
  const save = () =>
    act(
      { action: 'save', id, body: toBody(kind, form.getFieldsValue(true) as FormValues, base, language, ctx), base },
      t('catalog.messages.saved'),
      t('catalog.messages.saveFailed'),
    );

  const declared: Record<ActionKey, Action> = {
    delete: {
      key: 'delete',
      label: t('catalog.actions.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      confirm: t('catalog.messages.deleteConfirm'),
      run: () => act({ action: 'delete', id: id ?? '' }, t('catalog.messages.deleted'), t('catalog.messages.deleteFailed')),
    },
    copy: {
      key: 'copy',
      label: t('catalog.actions.copy'),
      icon: <CopyOutlined />,
      run: () => item && act({ action: 'copy', item }, t('catalog.messages.copied'), t('catalog.messages.copyFailed')),
    },
    save: {
      key: 'save',
      label: t('catalog.actions.save'),
      icon: <SaveOutlined />,
      primary: true,
      run: () => form.submit(),
    },
    unlink: {
      key: 'unlink',
      label: t('catalog.links.unlink'),
      icon: <DisconnectOutlined />,
      danger: true,
      confirm: t('catalog.links.unlinkConfirm'),
      run: async () => {
        if (holder) await act({ action: 'unlink', holder, id: id ?? '' }, t('catalog.links.unlinked'), t('catalog.links.unlinkFailed'));
      },
    },
    download: {
      key: 'download',
      label: t('catalog.actions.download'),
      icon: <CloudDownloadOutlined />,
      primary: true,
      run: () =>
        item && act({ action: 'download', template: item }, t('catalog.messages.downloaded'), t('catalog.messages.downloadFailed')),
    },
  };
  const pendingAction = change.isPending ? change.variables?.action : undefined;
  const actions: Action[] = canEdit && !fixed
    ? (held ? HELD_ACTIONS : MODE_ACTIONS[mode]).map((key) => ({
        ...declared[key],
        loading: pendingAction === key,
        disabled: (change.isPending && pendingAction !== key) || (mode !== 'add' && !item),
      }))
    : [];
  if (extra && mode === 'edit' && side === 'factory' && canEdit && id !== undefined) {
    actions.unshift({
      key: extra.key,
      label: extra.label,
      icon: extra.icon,
      disabled: change.isPending || !item || !!extra.done?.(id),
      run: async () => {
        if (await extra.run(id)) onClose(null);
      },
    });
  }

  const ready = mode === 'add' || base !== undefined;
  // The tag says what is edited: a new item, a factory item or a template.
  const tag = mode === 'add' ? 'add' : side === 'template' ? 'template' : 'edit';
  const tagColor = { add: 'blue', edit: 'green', template: 'gold' }[tag];

  return (
    <Modal
      open
      {...focus}
      width={760}
      title={
        <Flex align="center" gap={8} wrap>
          <span>{kind.title(t)}</span>
          <Tag color={tagColor} style={{ fontWeight: 400 }}>
            {t(`catalog.modes.${tag}`)}
          </Tag>
        </Flex>
      }
      onCancel={() => onClose(null)}
      mask={{ closable: false }}
      destroyOnHidden
      closable={{ 'aria-label': t('catalog.actions.close') }}
      // Nothing to do, no footer: an empty one was a blank band over the fields' bottom.
      footer={
        actions.length > 0 ? (
          <Flex justify="flex-end">
            <ActionBar label={t('catalog.actions.label')} actions={actions} />
          </Flex>
        ) : null
      }
    >
      <Flex vertical gap={16} style={{ paddingTop: 8 }}>
        {behind && !failure?.changed && <ChangedAlert onLoad={loadCurrent} />}
        {failure && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={failure.title}
            action={failure.changed && <ChangedLoad onLoad={loadCurrent} />}
            description={
              failure.lines.length > 0 && (
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {failure.lines.map((l) => (
                    <li key={l.text}>{l.text}</li>
                  ))}
                </ul>
              )
            }
          />
        )}
        {readOnly && (
          <Alert
            type="info"
            showIcon
            title={t(fixed ? 'catalog.notes.fixed' : !canEdit ? 'catalog.notes.readOnly' : held ? 'catalog.notes.held' : 'catalog.notes.template')}
          />
        )}
        {ready ? (
          <VerticalForm<FormValues>
            form={form}
            name={`catalog-${kind.segment.replace('/', '-')}`}
            initialValues={base ? toFormValues(kind, base, language) : initialValues(kind)}
            onFinish={save}
            onValuesChange={(changed: FormValues) => {
              const set = afterChange(kind, Object.keys(changed), form.getFieldsValue(true) as FormValues);
              if (set) form.setFieldsValue(set);
              // A reason about a field goes once the field is changed; the alert, with its last reason.
              const left = failure?.lines.filter((l) => !l.field || !(l.field in changed));
              if (failure && left && left.length < failure.lines.length) setFailure(left.length > 0 ? { ...failure, lines: left } : null);
            }}
            onFinishFailed={() => setFailure({ title: t('catalog.messages.invalid'), lines: [], invalid: true })}
            // The "check the highlighted fields" alert goes once no field is highlighted any more.
            onFieldsChange={() => {
              if (failure?.invalid && !form.getFieldsError().some((f) => f.errors.length > 0)) setFailure(null);
            }}
            centred
            readOnly={readOnly}
            className="vigia-highlight-only vigia-catalog-form"
          >
            <CatalogFields kind={kind} lists={lists} ctx={ctx} factoryId={factoryId} />
            {/* Enter in a field saves, as in the other forms: Guardar is in the footer, outside the form. */}
            {actions.some((a) => a.key === 'save' && !a.disabled) && <button type="submit" hidden />}
          </VerticalForm>
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
        {item && kind.links && (
          <CatalogLinks kind={kind} side={side} factoryId={factoryId} item={item} types={types} editable={canEdit && mode === 'edit'} />
        )}
      </Flex>
    </Modal>
  );
}
