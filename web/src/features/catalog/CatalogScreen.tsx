import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Grid, Segmented, Select } from 'antd';
import { MenuUnfoldOutlined, PlusOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { keys } from '../../api/keys';
import { useMe } from '../../app/auth';
import { useFactory } from '../../app/factory';
import { isAdmin } from '../../app/roles';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { CatalogColumns } from './CatalogColumns';
import type { OptionLists } from './CatalogFields';
import { CatalogModal, type CatalogResult, type CatalogTarget, type ExtraAction } from './CatalogModal';
import { columnKey } from './columns';
import { canEditIn, type CatalogKind, type Side } from './kind';
import { SearchInput } from '../../components/SearchInput';

/** The texts of a catalogue screen, already translated. */
export interface CatalogTexts {
  title: string;
  factoryColumn: string;
  templateColumn: string;
  /** Label of the type selector (a screen without a create action per kind). */
  type?: string;
}

/** Screens whose texts are kept under their own namespace of the translations. */
type TextsNamespace = 'sensors' | 'bands' | 'criteria' | 'spectra' | 'vcvs';

function namespaceTexts(t: TFunction, ns: TextsNamespace): CatalogTexts {
  return {
    title: t(`${ns}.title`),
    factoryColumn: t(`${ns}.factoryColumn`),
    templateColumn: t(`${ns}.templateColumn`),
    // Spectra and VCVs have a create action per kind instead of the type selector.
    type: ns === 'spectra' || ns === 'vcvs' ? undefined : t(`${ns}.type`),
  };
}

export interface CatalogScreenProps {
  /** The kinds of the screen, in the order of the selector and the trees. */
  kinds: readonly CatalogKind[];
  /** The kind the type selector starts on. */
  initialKind?: CatalogKind;
  /** The texts, or the namespace of the translations that holds them. */
  texts: CatalogTexts | TextsNamespace;
  /** A create action per kind with this label (SPEC-001), instead of the type selector and Create. */
  createEach?: (kind: CatalogKind) => string;
  /** The option lists the kinds' select fields read. */
  options?: { queryKey: readonly unknown[]; queryFn: () => Promise<OptionLists> };
  /** An action the editor adds for factory items (associate to the screen's point). */
  extra?: ExtraAction;
  /** The factory items associated to the screen's point, marked in their column. */
  associated?: ReadonlySet<string>;
}

/**
 * A catalogue screen (S3 §2.1): a top bar with a type selector and Create, the factory's
 * items and the templates in two columns (the factory's in a drawer on small screens, opened
 * from a menu button), and the editor of the item clicked. After an action the lists reload
 * and the item saved, copied or downloaded is selected (CAT-017, CAT-018). Read-only users
 * see everything and change nothing. ADMIN users switch to the templates' scope, where the
 * template column alone is shown and its items are created and edited with the same editor.
 */
export function CatalogScreen({ kinds, initialKind, texts: given, createEach, options, extra, associated }: CatalogScreenProps) {
  const { t } = useTranslation();
  const texts = typeof given === 'string' ? namespaceTexts(t, given) : given;
  const { factoryId } = useFactory();
  const types = useMe().Tipos ?? [];
  const [scope, setScope] = useState<Side>('factory');
  const canEdit = canEditIn(scope, types);
  const screens = Grid.useBreakpoint();
  const wide = screens.lg !== false;
  const [type, setType] = useState<CatalogKind>(initialKind ?? kinds[0]);
  const [target, setTarget] = useState<CatalogTarget>();
  const [selected, setSelected] = useState<string>();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const lists = useQuery({
    queryKey: options?.queryKey ?? keys.catalogOptions('none'),
    queryFn: options?.queryFn ?? (() => Promise.resolve<OptionLists>({})),
    enabled: options !== undefined,
    staleTime: Infinity,
  });
  useDocumentTitle(texts.title);

  const open = useCallback((next: CatalogTarget) => {
    setSelected(next.id === undefined ? undefined : columnKey(next.side, next.kind, next.id));
    setTarget(next);
    setDrawerOpen(false);
  }, []);

  const close = useCallback((result: CatalogResult) => {
    setTarget(undefined);
    setSelected(result ? columnKey(result.side, result.kind, result.id) : undefined);
  }, []);

  const switchScope = (next: Side) => {
    setScope(next);
    setSelected(undefined);
    setDrawerOpen(false);
  };

  if (factoryId === undefined) {
    return (
      <Card title={texts.title}>
        <Empty description={t('catalog.noFactory')} />
      </Card>
    );
  }

  return (
    <Card
      title={texts.title}
      extra={
        <Flex gap={8} wrap justify="flex-end" role="toolbar" aria-label={t('catalog.actions.label')}>
          {isAdmin(types) && (
            <Segmented<Side>
              aria-label={t('catalog.scope.label')}
              value={scope}
              onChange={switchScope}
              options={[
                { value: 'factory', label: t('catalog.scope.factory') },
                { value: 'template', label: t('catalog.scope.templates') },
              ]}
            />
          )}
          {!wide && scope === 'factory' && (
            <Button
              icon={<MenuUnfoldOutlined />}
              aria-expanded={drawerOpen}
              aria-controls="catalog-factory-drawer"
              onClick={() => setDrawerOpen(true)}
            >
              {texts.factoryColumn}
            </Button>
          )}
          {canEdit &&
            createEach &&
            kinds.map((k) => (
              <Button key={k.segment} type="primary" icon={<PlusOutlined />} onClick={() => open({ kind: k, side: scope })}>
                {createEach(k)}
              </Button>
            ))}
          {canEdit && !createEach && (
            <>
              <Select<string>
                aria-label={texts.type}
                value={type.segment}
                onChange={(segment) => setType(kinds.find((k) => k.segment === segment) ?? kinds[0])}
                options={kinds.map((k) => ({ value: k.segment, label: k.label(t) }))}
                popupMatchSelectWidth={false}
                style={{ minWidth: 190 }}
              />
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ kind: type, side: scope })}>
                {t('catalog.actions.create')}
              </Button>
            </>
          )}
        </Flex>
      }
      className="vigia-wrapping-head"
      styles={{ header: { paddingBlock: 8 } }}
    >
      <SearchInput type="search" label={t('catalog.filter')} value={filter} onChange={setFilter} style={{ maxWidth: 360, marginBottom: 16 }} />
      <CatalogColumns
        kinds={kinds}
        factoryId={factoryId}
        types={types}
        scope={scope}
        titles={{ factory: texts.factoryColumn, template: scope === 'template' ? t('catalog.scope.column') : texts.templateColumn }}
        selected={selected}
        filter={filter}
        onOpen={open}
        associated={associated}
        drawer={wide ? undefined : { open: drawerOpen, onClose: () => setDrawerOpen(false) }}
      />
      {target && (
        <CatalogModal
          key={`${target.side}:${target.kind.segment}:${target.id ?? 'new'}:${target.holder?.id ?? ''}`}
          target={target}
          scope={scope}
          factoryId={factoryId}
          lists={lists.data}
          types={types}
          extra={extra}
          onClose={close}
        />
      )}
    </Card>
  );
}
