import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import type { InputOf } from '../api';
import { useEnums } from '../api';
import { enumOptions, numericOptions } from '../enums';
import { useFeedback } from '../feedback';
import type { NodeKind, NodePath } from '../model';
import { useCreateNode } from '../mutations';
import { POINT_MEASURE_FIELDS, type PointMeasureField } from '../pointForm';
import { NameItem } from './fields';
import { FormModal } from '../../../components/FormModal';

/** What the creation form asks: a name, and what the server needs to create each kind. */
interface NewNodeValues {
  NombreEs: string;
  Pais?: string;
  Ciudad?: string;
  Montaje?: number;
}

const NO_MEASUREMENTS = Object.fromEntries(POINT_MEASURE_FIELDS.map((f) => [f, false])) as Record<PointMeasureField, false>;

/**
 * The creation body of each kind: the name in both languages and neutral defaults for what
 * the server requires; the rest is filled in the new node's editor, which opens next.
 */
const NEW_BODY: { [K in NodeKind]: (v: NewNodeValues) => InputOf[K] } = {
  site: (v) => ({ NombreEs: v.NombreEs, NombreEn: v.NombreEs, Pais: v.Pais ?? 'ES', Ciudad: v.Ciudad ?? '' }),
  area: (v) => ({ NombreEs: v.NombreEs, NombreEn: v.NombreEs }),
  machine: (v) => ({
    NombreEs: v.NombreEs,
    NombreEn: v.NombreEs,
    VelocidadVariable: false,
    Actualizacion: 'OFF',
    Online: false,
    Kw: 0,
    TiempoAprendizaje: 0,
    KOSSensor: false,
  }),
  component: (v) => ({ NombreEs: v.NombreEs, NombreEn: v.NombreEs, Montaje: v.Montaje }),
  point: (v) => ({ NombreEs: v.NombreEs, NombreEn: v.NombreEs, Posicion: 1, ...NO_MEASUREMENTS }),
};

/**
 * Creates a `kind` under the node of `parentPath` (a site: under the factory). Asks the name,
 * plus country and city for a site and the mounting for a component (the server requires
 * them). On success the side-bar shows the new node and its editor opens.
 */
export function CreateNodeModal<K extends NodeKind>({
  kind,
  parentPath,
  orientation,
  onClose,
}: {
  kind: K;
  parentPath: NodePath;
  orientation?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewNodeValues>();
  const create = useCreateNode(kind, parentPath, orientation);
  const feedback = useFeedback();
  const enums = useEnums();
  const language = currentLanguage();
  const required = { required: true, message: t('validation.required') };

  const submit = (values: NewNodeValues) => {
    const body = NEW_BODY[kind]({ ...values, NombreEs: values.NombreEs.trim() }) as InputOf[K];
    return create.mutateAsync(body).then(
      () => {
        feedback.success(t(`tree.messages.created.${kind}`));
        onClose();
      },
      (error: unknown) => feedback.formError(t('tree.messages.createFailed'), error, form),
    );
  };

  return (
    <FormModal<NewNodeValues>
      form={form}
      name={`new-${kind}`}
      title={t(`tree.editor.create.${kind}`)}
      okText={t('tree.editor.createOk')}
      pending={create.isPending}
      initialValues={{ NombreEs: '', Pais: 'ES' }}
      onFinish={submit}
      onClose={onClose}
    >
      <NameItem />
      {kind === 'site' && (
        <>
          <Form.Item name="Pais" label={t('tree.fields.site.country')} rules={[required]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={enumOptions(enums.data?.Paises, language)} />
          </Form.Item>
          <Form.Item name="Ciudad" label={t('tree.fields.site.city')} rules={[{ ...required, whitespace: true }]}>
            <Input />
          </Form.Item>
        </>
      )}
      {kind === 'component' && (
        <Form.Item name="Montaje" label={t('tree.fields.component.mounting')} rules={[required]}>
          <Select placeholder={t('tree.fields.component.chooseMounting')} options={numericOptions(enums.data?.Montaje, language)} />
        </Form.Item>
      )}
    </FormModal>
  );
}
