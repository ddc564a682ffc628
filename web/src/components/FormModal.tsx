import type { ReactNode } from 'react';
import { App, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../app/useApiError';
import { useExclusive } from './useExclusive';
import { useModalFocus } from './useModalFocus';
import { VerticalForm } from './VerticalForm';

/** What a FormModal shows and does; `initialValues` fill the form when it mounts. */
interface FormModalProps<V> {
  form: FormInstance<V>;
  name?: string;
  title: ReactNode;
  okText?: ReactNode;
  pending: boolean;
  danger?: boolean;
  width?: number;
  initialValues?: object;
  /** Sends the form; a submit while it runs is dropped. */
  onFinish: (values: V) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal whose content is one vertical form: OK submits it (and spins while `pending`),
 * Cancel closes. Mounted while open, `onClose` unmounts it; a click outside does not close
 * it, so that a half-filled form is not lost.
 */
export function FormModal<V>({ form, name, title, okText, pending, danger, width, initialValues, onFinish, onClose, children }: FormModalProps<V>) {
  const { t } = useTranslation();
  const focus = useModalFocus();
  const exclusive = useExclusive();
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
        <VerticalForm<V> form={form} name={name} initialValues={initialValues} onFinish={(values) => void exclusive(() => onFinish(values))} autoComplete="off">
          {dom}
        </VerticalForm>
      )}
    >
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
 * A FormModal whose OK sends `request(values)` through `save`. On success it says `saved` and
 * closes; on failure the server's field errors go onto the form's fields and the rest are
 * shown as messages.
 */
export function SaveModal<V, A>({
  save,
  request,
  saved,
  ...modal
}: Omit<FormModalProps<V>, 'form' | 'pending' | 'onFinish'> & {
  save: Save<A>;
  request: (values: V) => NoInfer<A>;
  saved: string | ((values: V) => string);
}) {
  const { message } = App.useApp();
  const onError = useApiError();
  const [form] = Form.useForm<V>();
  const onFinish = (values: V) =>
    save.mutateAsync(request(values)).then(
      () => {
        void message.success(typeof saved === 'string' ? saved : saved(values));
        modal.onClose();
      },
      (error: unknown) => onError(error, form),
    );
  return <FormModal<V> {...modal} form={form} pending={save.isPending} onFinish={onFinish} />;
}
