import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Factory, FactoryInput } from '../../api/types';
import { editedFactory, useSaveFactory } from './api';
import { SaveModal } from '../../components/FormModal';

/** Longest factory name or reference the server accepts. */
export const FACTORY_TEXT_MAX = 100;

/** The form's values of a factory. */
const formOf = (factory?: Factory): FactoryInput => ({ Nombre: factory?.Nombre ?? '', Referencia: factory?.Referencia ?? '' });

/**
 * Create (no `factory`) or edit a factory, as it is when the modal opens. Mounted while open;
 * `onClose` unmounts it.
 */
export function FactoryFormModal({ factory, onClose }: { factory?: Factory; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveFactory();
  const creating = factory === undefined;
  const maxRule = { max: FACTORY_TEXT_MAX, message: t('validation.maxLength', { max: FACTORY_TEXT_MAX }) };

  return (
    <SaveModal
      name="factory"
      title={creating ? t('admin.factories.newTitle') : t('admin.factories.editTitle')}
      save={save}
      edited={factory && editedFactory(factory, formOf)}
      request={(values: FactoryInput, base) => ({
        id: factory?.UsuFabricaID,
        base,
        body: { Nombre: values.Nombre.trim(), Referencia: (values.Referencia ?? '').trim() },
      })}
      saved={creating ? t('admin.factories.created') : t('admin.factories.saved')}
      initialValues={formOf(factory)}
      onClose={onClose}
    >
      <Form.Item
        name="Nombre"
        label={t('admin.factories.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }, maxRule]}
      >
        <Input count={{ show: true, max: FACTORY_TEXT_MAX }} />
      </Form.Item>
      <Form.Item name="Referencia" label={t('admin.factories.reference')} rules={[maxRule]}>
        <Input count={{ show: true, max: FACTORY_TEXT_MAX }} />
      </Form.Item>
    </SaveModal>
  );
}
