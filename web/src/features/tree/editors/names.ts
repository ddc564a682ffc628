/**
 * The English name to save with a new Spanish name: the editors edit one name; an English
 * name that differed from the Spanish one is kept, otherwise it follows the new name.
 */
export function englishName(node: { NombreEs: string; NombreEn?: string }, nombre: string): string {
  return node.NombreEn && node.NombreEn !== node.NombreEs ? node.NombreEn : nombre;
}
