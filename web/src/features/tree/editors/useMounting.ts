import { useQuery } from '@tanstack/react-query';
import { useFactory } from '../../../app/factory';
import { nodeQuery } from '../api';
import { useEditorPath } from './NodeEditor';

/**
 * The mounting of the point's component: the URL's orientation (TREE-092), or, when the URL
 * has none (a search result), the component's Montaje. Undefined while it is not known.
 */
export function useMounting(): number | undefined {
  const { factoryId = 0 } = useFactory();
  const path = useEditorPath();
  const component = useQuery({
    ...nodeQuery(factoryId, 'component', path.component ?? 0),
    enabled: path.orientation === undefined && path.component !== undefined,
  });
  return path.orientation ?? component.data?.Montaje ?? undefined;
}
