import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminTreeData } from './nodes';
import { filterTree, NodePicker } from './NodePicker';
import { ADMIN_TREE as TREE } from '../../../test/adminTree';

const titles = (data: ReturnType<typeof filterTree>): unknown[] => data.map((n) => (n.children.length ? [n.title, titles(n.children)] : n.title));

describe('filterTree', () => {
  it('keeps the nodes whose name matches, all below them and the path above them', () => {
    const data = adminTreeData(TREE);
    expect(titles(filterTree(data, '  '))).toEqual(titles(data));
    expect(titles(filterTree(data, 'sur'))).toEqual([['Distribuciones Iberia', [['Socio Norte', [['Planta Demo', ['Centro Sur']]]]]]]);
    expect(titles(filterTree(data, 'PLANTA'))).toEqual([
      ['Distribuciones Iberia', [['Socio Norte', [['Planta Demo', ['Centro Norte', 'Centro Sur']], ['Planta Norte', ['Centro Norte']]]]]],
      'Planta Sola',
    ]);
    expect(filterTree(data, 'Oeste')).toEqual([]);
  });
});

/** The picker as a form would hold it, its value shown beside it. */
function Held({ initial, allowClear }: { initial?: string; allowClear?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <NodePicker tree={TREE} label="Nodo" empty="Sin asignar" allowClear={allowClear} value={value} onChange={setValue} />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('NodePicker', () => {
  it('shows the whole tree in place; a node clicked is chosen and reads with its factory', async () => {
    const user = userEvent.setup();
    render(<Held />);
    expect(screen.getByText('Sin asignar')).toBeInTheDocument();
    const tree = screen.getByRole('tree', { name: 'Nodo' });
    expect(within(tree).getByText('Planta Sola')).toBeInTheDocument();
    await user.click(within(tree).getByText('Centro Sur'));
    expect(screen.getByRole('status')).toHaveTextContent('CENTRO:2');
    expect(screen.getByText('Planta Demo › Centro Sur')).toBeInTheDocument();
    // Clicked again, a node stays chosen: the choice goes only with the clear button.
    await user.click(within(tree).getByText('Centro Sur'));
    expect(screen.getByRole('status')).toHaveTextContent('CENTRO:2');
    expect(screen.queryByRole('button', { name: 'Quitar la elección' })).toBeNull();
  });

  it('narrows the tree to what the search finds, and may take the choice away', async () => {
    const user = userEvent.setup();
    render(<Held initial="FABRICA:3" allowClear />);
    expect(screen.getByText('Planta Sola', { selector: 'strong' })).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Buscar por nombre'), 'centro no');
    const tree = screen.getByRole('tree', { name: 'Nodo' });
    expect(within(tree).queryByText('Centro Sur')).toBeNull();
    expect(within(tree).getAllByText('Centro Norte')).toHaveLength(2);
    await user.type(screen.getByPlaceholderText('Buscar por nombre'), ' oeste');
    expect(screen.getByText('Ningún nodo coincide con la búsqueda.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar la elección' }));
    expect(screen.getByRole('status')).toHaveTextContent('none');
    expect(screen.getByText('Sin asignar')).toBeInTheDocument();
  });
});
