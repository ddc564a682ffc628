import type { ReactNode } from 'react';
import { Form, type FormProps } from 'antd';

/**
 * The app's form: labels above the fields, and a failed submit scrolls to the first invalid
 * field and focuses it (`centred` in a page or a tall modal, so that a sticky header does not
 * hide it). `readOnly` disables the fields and hides the required marks.
 */
export function VerticalForm<V>({
  centred,
  readOnly,
  children,
  ...props
}: Omit<FormProps<V>, 'children'> & { centred?: boolean; readOnly?: boolean; children: ReactNode }) {
  return (
    <Form<V>
      layout="vertical"
      scrollToFirstError={centred ? { focus: true, block: 'center' } : { focus: true }}
      disabled={readOnly}
      requiredMark={!readOnly}
      {...props}
    >
      {children}
    </Form>
  );
}
