import { useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Result, Skeleton, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { CopyOutlined, DeleteOutlined, DownloadOutlined, PlusOutlined, SaveOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { useMe } from '../../../app/auth';
import { useFactory } from '../../../app/factory';
import { isEditor } from '../../../app/roles';
import { applyFieldErrors, describeError, type FieldMap } from '../../../app/useApiError';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { keys } from '../../../api/keys';
import { ActionBar, type Action, type BarItem } from '../../../components/ActionBar';
import { ChangedAlert, isChanged } from '../../../components/ChangedAlert';
import { useEditBase } from '../../../components/useEditBase';
import { useLeaveGuard } from '../../../components/useLeaveGuard';
import { VerticalForm } from '../../../components/VerticalForm';
import { nodeQuery, type InputOf, type NodeOf } from '../api';
import { canPaste, useClipboard, type ClipKind } from '../clipboard';
import { useFeedback } from '../feedback';
import { KIND_ICON } from '../icons';
import { CHILD_KIND, pathFromSearch, type NodeKind, type NodePath } from '../model';
import { useCopyNode, useDeleteNode, usePasteNode, useSaveNode } from '../mutations';
import { isTemplateKind } from '../templates';
import { CreateNodeModal } from './CreateNodeModal';
import { DownloadTemplateModal } from './DownloadTemplateModal';

/** The node path of the editor URL (?site=&area=&...). */
export function useEditorPath(): NodePath {
  const [params] = useSearchParams();
  return useMemo(() => pathFromSearch(params), [params]);
}

/**
 * The node of `kind` a tab of the node's wrapper shows: its id in the editor path (0 when none
 * is selected) and its query; the browser tab reads "<tab> · <node's name>".
 */
export function useTabNode<K extends NodeKind>(kind: K, tab: string) {
  const { factoryId = 0 } = useFactory();
  const id = useEditorPath()[kind] ?? 0;
  const node = useQuery({ ...nodeQuery(factoryId, kind, id), enabled: id > 0 && factoryId > 0 });
  useDocumentTitle(`${tab} · ${node.data?.NombreEs ?? ''}`);
  return { id, node };
}

/** Whether the signed-in user may change the factory's tree (ADMIN or U_EDITOR). */
export function useCanEdit(): boolean {
  return isEditor(useMe().Tipos);
}

/** An editor card's title: the icon and kind of what it edits, over its name. */
export function EditorTitle({ icon, kind, name }: { icon: ReactNode; kind: string; name: string }) {
  return (
    <Flex align="center" gap={10} style={{ minWidth: 0 }}>
      <span style={{ fontSize: 18, color: '#1668dc' }}>{icon}</span>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
          {kind}
        </Typography.Text>
        <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: name }}>
          {name}
        </Typography.Title>
      </Flex>
    </Flex>
  );
}

/**
 * The card of a page about one thing (a machine's VCO, a point's associated VCV): its title,
 * then the page's toolbar, or for read-only users a note that they only look, then its body.
 */
export function EditorCard({ icon, kind, name, actions, children }: { icon: ReactNode; kind: string; name: string; actions: BarItem[]; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card title={<EditorTitle icon={icon} kind={kind} name={name} />} styles={{ header: { paddingBlock: 12 } }}>
      <Flex vertical gap={16}>
        {useCanEdit() ? (
          <ActionBar label={t('tree.actions.label')} actions={actions} />
        ) : (
          <Alert type="info" showIcon title={t('tree.editor.readOnly')} />
        )}
        {children}
      </Flex>
    </Card>
  );
}

/** What an editor shows while its item loads. */
export function EditorLoading() {
  return (
    <Card>
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}

/** What an editor shows when its item could not be loaded (404: it does not exist). */
export function EditorLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const notFound = error instanceof ApiError && error.status === 404;
  return <Result status={notFound ? '404' : 'warning'} title={describeError(t, error)} />;
}

/** The labels of a form's invalid fields, as they read on the screen (antd ties each label to its field's id). */
function invalidLabels(form: FormInstance, formName: string): string[] {
  return form
    .getFieldsError()
    .filter((f) => f.errors.length > 0)
    .map((f) => {
      const id = `${formName}_${f.name.join('_')}`;
      return document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent ?? String(f.name.join('.'));
    });
}

/** What an editor's fields and extra actions are given. */
export interface EditorContext<K extends NodeKind, V> {
  node: NodeOf[K];
  path: NodePath;
  form: FormInstance<V>;
  readOnly: boolean;
}

export interface NodeEditorProps<K extends NodeKind, V extends object> {
  kind: K;
  /** The form's values of a loaded node. */
  toForm: (node: NodeOf[K]) => V;
  /** The update body of the form's values (the loaded node gives what the form does not edit). */
  toBody: (values: V, node: NodeOf[K]) => InputOf[K];
  /**
   * Work a save does before the update (e.g. download the template bearings a point refers
   * to): answers the values to save and warnings shown with the saved message. A failure
   * stops the save.
   */
  beforeSave?: (values: V, node: NodeOf[K]) => Promise<{ values: V; warnings: string[] }>;
  /** Server field → form field, where they differ (422 errors are shown on the form field). */
  fieldMap?: FieldMap;
  /** Actions and menus of actions shown before the standard ones (copy, create, paste, delete). */
  extraActions?: (ctx: EditorContext<K, V>) => BarItem[];
  /**
   * Copy, download and delete go into a menu 'Más acciones' at the end of a crowded toolbar (the
   * delete's question a modal), so that it keeps to one row.
   */
  moreInMenu?: boolean;
  /** Shown at the right of the card's title (e.g. the device a machine's actions go through). */
  headerExtra?: (ctx: EditorContext<K, V>) => ReactNode;
  /** Why a child cannot be created now (a message), or undefined when it can. */
  createGuard?: (node: NodeOf[K]) => string | undefined;
  /** Mounting of a component, carried by the URL of its new points. */
  childOrientation?: (node: NodeOf[K]) => number | undefined;
  /** Shown with the "copied" message (machines: what is not copied without a criterion). */
  copyWarning?: string;
  /** Invalid fields are only highlighted, their messages hidden (site form, TREE-029). */
  highlightOnly?: boolean;
  onValuesChange?: (changed: Partial<V>, values: V, form: FormInstance<V>) => void;
  /** The form's fields. */
  children: (ctx: EditorContext<K, V>) => ReactNode;
}

/**
 * The frame of every tree editor: loads the node of the URL, shows its title and a toolbar of
 * actions declared once for all kinds (copy, download a template child, create child, paste
 * child, delete, with the confirmations and messages of the spec), the form with its save button, and keeps the
 * side-bar in step. Read-only users see the form disabled and no actions. Each editor gives
 * only its fields and how they map to the API.
 */
export function NodeEditor<K extends NodeKind, V extends object>(props: NodeEditorProps<K, V>) {
  const { t } = useTranslation();
  const { factoryId = 0 } = useFactory();
  const path = useEditorPath();
  const id = path[props.kind];
  const query = useQuery({ ...nodeQuery(factoryId, props.kind, id ?? 0), enabled: id !== undefined && factoryId > 0 });

  if (id === undefined) {
    // An editor shown outside its wrapper (which asks for a node first) without its node.
    return <Result status="info" title={t('tree.editor.notSelected')} />;
  }
  if (query.isPending) return <EditorLoading />;
  if (query.isError) return <EditorLoadError error={query.error} />;
  // Another node gives a fresh form; a new answer of this one is followed by useEditBase.
  return <LoadedEditor key={`${props.kind}:${id}`} {...props} latest={query.data} path={path} />;
}

function LoadedEditor<K extends NodeKind, V extends object>({
  kind,
  latest,
  path,
  toForm,
  toBody,
  beforeSave,
  fieldMap,
  extraActions,
  moreInMenu,
  headerExtra,
  createGuard,
  childOrientation,
  copyWarning,
  highlightOnly,
  onValuesChange,
  children,
}: NodeEditorProps<K, V> & { latest: NodeOf[K]; path: NodePath }) {
  const { t } = useTranslation();
  const { factoryId = 0 } = useFactory();
  const readOnly = !useCanEdit();
  const [form] = Form.useForm<V>();
  // The version edited: another user's change read meanwhile (a change of language reads the node
  // again) does not replace what is typed, it is told; the save's answer is the next version.
  const { base, behind, adopt } = useEditBase(latest, toForm, form);
  const node = base ?? latest;
  const feedback = useFeedback();
  const clip = useClipboard();
  const save = useSaveNode(kind, path);
  const remove = useDeleteNode(kind, path);
  const copy = useCopyNode(kind, path);
  const childKind = CHILD_KIND[kind] as ClipKind | undefined;
  // Hooks run unconditionally: a point (no children) gets a paste it never offers.
  const paste = usePasteNode(childKind ?? 'point', path);
  const [creating, setCreating] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [preparing, setPreparing] = useState(false);
  // The labels of the fields a highlight-only form refused.
  const [toFix, setToFix] = useState<string[]>([]);
  // A save was refused: another user changed the node since it was read.
  const [changed, setChanged] = useState(false);
  // Values were typed since the form was filled or saved: leaving asks first (not once deleted).
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty && !remove.isPending);
  const queryClient = useQueryClient();
  /** Loads the node's current values into the form, and bases the edit on them. */
  const loadCurrent = async () => {
    const key = keys.treeNode(factoryId, kind, path[kind] ?? 0);
    await queryClient.refetchQueries({ queryKey: key });
    const current = queryClient.getQueryData<NodeOf[K]>(key);
    if (current) adopt(current);
    setChanged(false);
    setDirty(false);
  };
  const name = node.NombreEs;
  const ctx: EditorContext<K, V> = { node, path, form, readOnly };
  useDocumentTitle(`${t(`tree.kinds.${kind}`)} · ${name}`);

  const submit = async (values: V) => {
    let prepared = { values, warnings: [] as string[] };
    if (beforeSave) {
      setPreparing(true);
      try {
        prepared = await beforeSave(values, node);
      } catch (error) {
        setPreparing(false);
        feedback.error(t('tree.messages.saveFailed'), error);
        return;
      }
    }
    save.mutate({ body: toBody(prepared.values, node), base: node }, {
      onSuccess: (answer) => {
        adopt(answer);
        setChanged(false);
        setDirty(false);
        const saved = t(`tree.messages.saved.${kind}`);
        if (prepared.warnings.length > 0) feedback.warning(saved, prepared.warnings);
        else feedback.success(saved);
      },
      onError: (error) => {
        setChanged(isChanged(error));
        const rest = error instanceof ApiError && error.status === 422 ? applyFieldErrors(form, error, fieldMap) : null;
        // With messages hidden under the fields, the toast carries all of them; another user's
        // change is told by its alert, which offers the current values.
        if (isChanged(error)) feedback.error(t('tree.messages.saveFailed'));
        else feedback.error(t('tree.messages.saveFailed'), highlightOnly || !rest ? error : new ApiError(422, rest));
      },
      onSettled: () => setPreparing(false),
    });
  };
  const saving = preparing || save.isPending;

  const actions: BarItem[] = [...(extraActions?.(ctx) ?? [])];
  // Those of the menu 'Más acciones', when there is one; else they are buttons too.
  const more: Action[] = [];
  const secondary = moreInMenu ? more : actions;
  if (kind !== 'site') {
    secondary.push({
      key: 'copy',
      label: t(`tree.actions.copy.${kind as ClipKind}`),
      icon: <CopyOutlined />,
      loading: copy.isPending,
      run: () =>
        copy.mutateAsync().then(
          () => {
            if (copyWarning) feedback.warning(t(`tree.messages.copied.${kind as ClipKind}`), [copyWarning]);
            else feedback.success(t(`tree.messages.copied.${kind as ClipKind}`));
          },
          (error: unknown) => feedback.error(t(`tree.messages.copyFailed.${kind as ClipKind}`), error),
        ),
    });
  }
  if (isTemplateKind(childKind)) {
    secondary.push({
      key: 'download',
      label: t(`tree.templates.action.${childKind}`),
      icon: <DownloadOutlined />,
      run: () => setDownloading(true),
    });
  }
  if (childKind) {
    actions.push(
      {
        key: 'create',
        label: t(`tree.actions.create.${childKind}`),
        icon: <PlusOutlined />,
        run: () => {
          const refused = createGuard?.(node);
          if (refused) feedback.error(refused);
          else setCreating(true);
        },
      },
      {
        key: 'paste',
        label: t(`tree.actions.paste.${childKind}`),
        icon: <SnippetsOutlined />,
        hidden: !canPaste(clip, childKind, factoryId),
        loading: paste.isPending,
        run: () =>
          clip &&
          paste.mutateAsync(clip).then(
            () => feedback.success(t(`tree.messages.pasted.${childKind}`)),
            (error: unknown) => feedback.error(t(`tree.messages.pasteFailed.${childKind}`), error),
          ),
      },
    );
  }
  const deleteAction: Action = {
    key: 'delete',
    label: t(`tree.actions.delete.${kind}`),
    icon: <DeleteOutlined />,
    danger: true,
    confirm: t('tree.messages.deleteConfirm'),
    loading: remove.isPending,
    run: () =>
      remove.mutateAsync().then(
        () => feedback.success(t(`tree.messages.deleted.${kind}`)),
        (error: unknown) => feedback.error(t('tree.messages.deleteFailed'), error),
      ),
  };
  actions.push(moreInMenu ? { key: 'more', label: t('common.more'), items: [...more, deleteAction] } : deleteAction);

  return (
    <Card
      title={<EditorTitle icon={KIND_ICON[kind]} kind={t(`tree.kinds.${kind}`)} name={name} />}
      extra={headerExtra?.(ctx)}
      className="vigia-wrapping-head"
      styles={{ header: { paddingBlock: 12 } }}
    >
      <Flex vertical gap={16}>
        {(changed || behind) && <ChangedAlert onLoad={loadCurrent} />}
        {readOnly ? (
          <Alert type="info" showIcon title={t('tree.editor.readOnly')} />
        ) : (
          <ActionBar label={t('tree.actions.label')} actions={actions} />
        )}
        <VerticalForm<V>
          form={form}
          name={`${kind}-editor`}
          initialValues={toForm(node)}
          onFinish={(values) => void submit(values)}
          onValuesChange={(changed, values) => {
            setDirty(true);
            onValuesChange?.(changed, values, form);
          }}
          // A highlight-only form names its fields to fix beside the save button, until they are fixed.
          onFinishFailed={() => highlightOnly && setToFix(invalidLabels(form, `${kind}-editor`))}
          onFieldsChange={() => toFix.length > 0 && setToFix(invalidLabels(form, `${kind}-editor`))}
          centred
          readOnly={readOnly}
          className={highlightOnly ? 'vigia-highlight-only' : undefined}
        >
          {children(ctx)}
          {!readOnly && (
            <Flex justify="flex-end" align="center" gap={16} style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 16 }}>
              {toFix.length > 0 && <Typography.Text type="danger">{t('tree.editor.fixFields', { fields: toFix.join(', ') })}</Typography.Text>}
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} disabled={saving}>
                {saving ? t('tree.editor.saving') : t('tree.editor.save')}
              </Button>
            </Flex>
          )}
        </VerticalForm>
      </Flex>
      {creating && childKind && (
        <CreateNodeModal
          kind={childKind}
          parentPath={path}
          orientation={childOrientation?.(node)}
          onClose={() => setCreating(false)}
        />
      )}
      {downloading && isTemplateKind(childKind) && (
        <DownloadTemplateModal kind={childKind} parentPath={path} onClose={() => setDownloading(false)} />
      )}
    </Card>
  );
}
