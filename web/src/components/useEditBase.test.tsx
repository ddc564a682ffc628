import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useEditBase } from './useEditBase';

type Item = { name: string; bands: string[] };
const formOf = (it: Item) => ({ name: it.name });

/**
 * An editor of an item's name, saying which version its edit is based on and whether a newer one
 * was left aside; its button loads `latest` on purpose.
 */
function Editor({ latest }: { latest: Item }) {
  const [form] = Form.useForm();
  const { base, behind, adopt } = useEditBase(latest, formOf, form);
  return (
    <Form form={form} initialValues={base && formOf(base)}>
      <Form.Item name="name" label="Nombre">
        <Input />
      </Form.Item>
      <output aria-label="base">{base?.bands.join(',') || 'none'}</output>
      <output aria-label="behind">{String(behind)}</output>
      <button type="button" onClick={() => adopt(latest)}>
        Cargar
      </button>
    </Form>
  );
}

const name = () => screen.getByLabelText('Nombre');
const shown = (what: string) => screen.getByLabelText(what).textContent;

describe('useEditBase', () => {
  it('follows answers that lose nothing typed, refills an untouched form with another user\'s values, and leaves them aside once something is typed', () => {
    const read: Item = { name: 'Banda 1X', bands: ['read'] };
    const { rerender } = render(<Editor latest={read} />);
    expect(name()).toHaveValue('Banda 1X');

    // A band linked meanwhile: the form shows the same values, the edit is based on the new answer.
    rerender(<Editor latest={{ name: 'Banda 1X', bands: ['linked'] }} />);
    expect(shown('base')).toBe('linked');

    // Another user renamed it and nothing is typed: the form shows their name, the edit is based on it.
    rerender(<Editor latest={{ name: 'Banda 2X', bands: ['renamed'] }} />);
    expect(name()).toHaveValue('Banda 2X');
    expect(shown('base')).toBe('renamed');
    expect(shown('behind')).toBe('false');

    // Something typed, then another user's change: the typed value stays, the edit keeps its version.
    fireEvent.change(name(), { target: { value: 'Banda 3X' } });
    rerender(<Editor latest={{ name: 'Banda 4X', bands: ['other'] }} />);
    expect(name()).toHaveValue('Banda 3X');
    expect(shown('base')).toBe('renamed');
    expect(shown('behind')).toBe('true');

    // The answer of a save of the typed values: the form shows it already.
    rerender(<Editor latest={{ name: 'Banda 3X', bands: ['saved'] }} />);
    expect(shown('base')).toBe('saved');
    expect(shown('behind')).toBe('false');

    // The current values loaded on purpose replace the typed ones.
    fireEvent.change(name(), { target: { value: 'Banda 5X' } });
    const current: Item = { name: 'Banda 6X', bands: ['current'] };
    rerender(<Editor latest={current} />);
    expect(name()).toHaveValue('Banda 5X');
    fireEvent.click(screen.getByRole('button', { name: 'Cargar' }));
    expect(name()).toHaveValue('Banda 6X');
    expect(shown('base')).toBe('current');
    expect(shown('behind')).toBe('false');
  });
});
