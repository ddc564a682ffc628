import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { EditorWrapper, type WrapperTab } from './EditorWrapper';
import { ASSOC_SCREENS, type AssocScreen } from '../assoc/associations';
import { MACHINE_VCO_BASE } from '../operating/machineVco';
import { EDITOR_BASE, type NodeKind } from './model';

// One chunk per editor, loaded when first opened.
const SiteEditor = lazy(() => import('./editors/SiteEditor'));
const AreaEditor = lazy(() => import('./editors/AreaEditor'));
const MachineEditor = lazy(() => import('./editors/MachineEditor'));
const ComponentEditor = lazy(() => import('./editors/ComponentEditor'));
const PointEditor = lazy(() => import('./editors/PointEditor'));
const MachineVcoPage = lazy(() => import('../operating/MachineVcoPage'));
const MachineAlarmsPage = lazy(() => import('../assoc/MachineAlarmsPage'));
const ProtectionPage = lazy(() => import('../devices/ProtectionPage'));
const PredictionPage = lazy(() => import('../devices/PredictionPage'));
const DataCleaningPage = lazy(() => import('../history/DataCleaningPage'));
const AlarmEditionPage = lazy(() => import('../alarms/AlarmEditionPage'));
const SiteAlarmsPage = lazy(() => import('../alarms/SiteAlarmsPage'));
const InterventionsPage = lazy(() => import('../history/InterventionsPage'));

/**
 * The wrapper screens and their tabs (TREE-001, TREE-003, TREE-004, TREE-005). Only the tabs
 * whose page exists are listed; later pages add a line here.
 */
const DATA_CLEANING: WrapperTab = { path: 'data-cleaning', label: (t) => t('history.cleaning.tab'), page: DataCleaningPage };

export const WRAPPERS: Record<NodeKind, WrapperTab[]> = {
  site: [
    { path: '', label: (t) => t('tree.tabs.siteEdition'), page: SiteEditor },
    DATA_CLEANING,
    { path: 'alarms', label: (t) => t('siteAlarms.tab'), page: SiteAlarmsPage },
  ],
  area: [{ path: '', label: (t) => t('tree.tabs.areaEdition'), page: AreaEditor }, DATA_CLEANING],
  machine: [
    { path: '', label: (t) => t('tree.tabs.machineEdition'), page: MachineEditor },
    { path: 'alarm-edition', label: (t) => t('precalc.tab'), page: AlarmEditionPage },
    { path: 'reference-value-edition', label: (t) => t('alarms.tab'), page: MachineAlarmsPage },
    DATA_CLEANING,
    { path: 'interventions', label: (t) => t('interventions.tab'), page: InterventionsPage },
  ],
  component: [{ path: '', label: (t) => t('tree.tabs.componentEdition'), page: ComponentEditor }],
  point: [
    { path: '', label: (t) => t('tree.tabs.alertDevice'), page: PointEditor },
    { path: 'proteccion', label: (t) => t('tree.tabs.protection'), page: ProtectionPage },
    { path: 'prediction', label: (t) => t('tree.tabs.prediction'), page: PredictionPage },
  ],
};

/** The page of a machine's VCO/VCOV (S3 §2.10), under its own wrapper. */
const MACHINE_VCO_TABS: WrapperTab[] = [{ path: '', label: (t) => t('machineVco.page'), page: MachineVcoPage }];

/**
 * The screen of a point's VCVs or VCPs of one kind (S2 §2.4, §2.6), each a wrapper's only page,
 * under the breadcrumb of its point.
 */
const ASSOC_TABS = ASSOC_SCREENS.map((screen): [AssocScreen, WrapperTab[]] => [
  screen,
  [
    {
      path: '',
      label: (t) => t(`vcvs.screens.title.${screen.assoc.tipo}`),
      page: lazy(() => import('../assoc/AssocScreenPage').then((m) => ({ default: () => <m.default screen={screen} /> }))),
    },
  ],
]);

function wrapperRoute(base: string, tabs: WrapperTab[], path: string | undefined, kind?: NodeKind): RouteObject {
  return {
    path,
    element: <EditorWrapper base={base} tabs={tabs} kind={kind} />,
    children: tabs.map(({ path: sub, page: Page }) => (sub ? { path: sub, element: <Page /> } : { index: true, element: <Page /> })),
  };
}

/**
 * Routes under /editor: the site wrapper at /editor itself, the others at /editor/<kind>, the
 * page of a machine's VCO at /editor/machine-vco, and the screens of a point's VCVs and VCPs.
 */
export const editorRoutes: RouteObject[] = [
  ...(['area', 'machine', 'component', 'point'] as const).map((kind) => wrapperRoute(EDITOR_BASE[kind], WRAPPERS[kind], kind, kind)),
  wrapperRoute(MACHINE_VCO_BASE, MACHINE_VCO_TABS, 'machine-vco'),
  ...ASSOC_TABS.map(([screen, tabs]) => wrapperRoute(`/editor/${screen.route}`, tabs, screen.route)),
  wrapperRoute(EDITOR_BASE.site, WRAPPERS.site, undefined, 'site'),
];
