/**
 * A path ('Planta Demo › Centro Sur') that wraps between its names, a name breaking only when it
 * is wider than the cell: 'Molino M-401 ›' over 'Apoyo lado libre', not 'Molino M-' over '401 ›'.
 */
export function PathText({ names }: { names: readonly string[] }) {
  return names.map((name, i) => (
    <span key={i}>
      <span style={{ display: 'inline-block' }}>{i < names.length - 1 ? `${name}\u00a0›` : name}</span>
      {i < names.length - 1 && ' '}
    </span>
  ));
}
