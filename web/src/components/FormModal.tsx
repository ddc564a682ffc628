import type { ReactNode } from 'react';
import { App, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../app/useApiError';

/**
 * A modal whose content is one vertical form: OK submits it (and spins while `pending`),
 * Cancel closes. Mounted while open, `onClose` unmounts it; a click outside does not close
 * it, so that a half-filled form is not lost.
 */
export function FormModal<V>({
  form,
  name,
  title,
  okText,
  pending,
  danger,
  width,
  initialValues,
  onFinish,
  onClose,
  children,
}: {
  form: FormInstance<V>;
  name?: string;
  title: ReactNode;
  okText?: ReactNode;
  pending: boolean;
  danger?: boolean;
  width?: number;
  initialValues?: object;
  onFinish: (values: V) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: pending, danger }}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      width={width}
      modalRender={(dom) => (
        <Form<V>
          form={form}
          name={name}
          layout="vertical"
          initialValues={initialValues}
          onFinish={onFinish}
          scrollToFirstError={{ focus: true }}
          autoComplete="off"
        >
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}

/**
 * The mutate options of a form modal's save: on success it says `saved` and closes; on failure
 * the server's field errors go onto the form's fields and the rest are shown as messages.
 */
export function useCloseOnSave(form: FormInstance, onClose: () => void) {
  const { message } = App.useApp();
  const onError = useApiError();
  return (saved: string) => ({
    onSuccess: () => {
      void message.success(saved);
      onClose();
    },
    onError: (error: unknown) => onError(error, form),
  });
}
