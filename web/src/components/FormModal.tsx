import { useState, type ReactNode } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { App, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../app/useApiError';
import { ChangedAlert, isChanged } from './ChangedAlert';
import { useEditBase } from './useEditBase';
import { useExclusive } from './useExclusive';
import { useModalFocus } from './useModalFocus';
import { VerticalForm } from './VerticalForm';

/**
 * An item a modal edits, read again when it opens: the form shows its current values and a save
 * is based on that version (basedOn), so that it is refused (412) over another user's change.
 */
export interface Edited<T extends object> {
  /** The item as its list showed it: the form's values until its read answers. */
  listed: T;
  /** The key and the call of its read (the GET that answers its version). */
  key: QueryKey;
  read: () => Promise<T>;
  /** The form's values of the item. */
  formOf: (item: T) => object;
}

/** What a FormModal shows and does; `initialValues` (or the `edited` item's) fill the form when it mounts. */
interface FormModalProps<V, T extends object> {
  form: FormInstance<V>;
  name?: string;
  title: ReactNode;
  okText?: ReactNode;
  pending: boolean;
  danger?: boolean;
  width?: number;
  initialValues?: object;
  edited?: Edited<T>;
  /**
   * Sends the form, as an edit of `base` (the version of the `edited` item); a submit while it
   * runs is dropped. A failure is shown: another user's change by an alert that offers the current
   * values, any other error as messages and on the fields.
   */
  onFinish: (values: V, base: T | undefined) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal whose content is one vertical form: OK submits it (and spins while `pending`),
 * Cancel closes. Mounted while open, `onClose` unmounts it; a click outside does not close
 * it, so that a half-filled form is not lost.
 */
export function FormModal<V, T extends object = object>({ form, name, title, okText, pending, danger, width, initialValues, edited, onFinish, onClose, children }: FormModalProps<V, T>) {
  const { t } = useTranslation();
  const focus = useModalFocus();
  const exclusive = useExclusive();
  const onError = useApiError();
  const current = useQuery<object>({
    queryKey: edited?.key ?? ['nothing edited'],
    queryFn: edited?.read,
    enabled: edited !== undefined,
    staleTime: 0,
    gcTime: 0,
    structuralSharing: false,
  });
  const formOf = (item: object) => edited?.formOf(item as T) ?? {};
  const { base, behind, adopt } = useEditBase(current.data ?? edited?.listed, formOf, form);
  // A save was refused: another user changed the item since it was read.
  const [changed, setChanged] = useState(false);
  const loadCurrent = async () => {
    const fresh = await current.refetch();
    if (fresh.data) adopt(fresh.data);
    setChanged(false);
  };
  const submit = (values: V) =>
    onFinish(values, base as T | undefined).catch((error: unknown) => (isChanged(error) ? setChanged(true) : onError(error, form)));
  return (
    <Modal
      open
      {...focus}
      title={title}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: pending, danger }}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      width={width}
      modalRender={(dom) => (
        <VerticalForm<V>
          form={form}
          name={name}
          initialValues={edited && base ? formOf(base) : initialValues}
          onFinish={(values) => void exclusive(() => submit(values))}
          autoComplete="off"
        >
          {dom}
        </VerticalForm>
      )}
    >
      {(changed || behind) && (
        <div style={{ marginBottom: 16 }}>
          <ChangedAlert onLoad={loadCurrent} />
        </div>
      )}
      {children}
    </Modal>
  );
}

/** What a SaveModal saves through: a mutation (TanStack Query's mutateAsync and isPending). */
interface Save<A> {
  mutateAsync: (request: A) => Promise<unknown>;
  isPending: boolean;
}

/**
 * A FormModal whose OK sends `request(values, base)` through `save`. On success it says `saved`
 * and closes; on failure the server's field errors go onto the form's fields and the rest are
 * shown as messages.
 */
export function SaveModal<V, A, T extends object = object>({
  save,
  request,
  saved,
  ...modal
}: Omit<FormModalProps<V, T>, 'form' | 'pending' | 'onFinish'> & {
  save: Save<A>;
  request: (values: V, base: T | undefined) => NoInfer<A>;
  saved: string | ((values: V) => string);
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const onFinish = (values: V, base: T | undefined) =>
    save.mutateAsync(request(values, base)).then(() => {
      void message.success(typeof saved === 'string' ? saved : saved(values));
      modal.onClose();
    });
  return <FormModal<V, T> {...modal} form={form} pending={save.isPending} onFinish={onFinish} />;
}
