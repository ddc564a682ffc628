/**
 * TanStack Query keys. After a save, the lists and details it changes are invalidated by these
 * keys (never refetched by hand); a prefix such as `keys.factoryDetails` invalidates them all.
 */
export const keys = {
  me: ['me'] as const,
  factoryDetails: ['factory'] as const,
  factory: (id: number) => ['factory', id] as const,
  factories: ['admin', 'factories'] as const,
  users: ['admin', 'users'] as const,
  settings: ['settings'] as const,
  /** A factory at a glance (the home page). */
  overview: (factory: number) => ['overview', factory] as const,
  /** A page of the audit log: the whole log (ADMIN) or one machine's history, as filtered. */
  audit: (source: unknown, filter: unknown) => ['audit', source, filter] as const,
  /** Catalogue items (sensors, ...) of one owner: a factory's id, or 0 for the templates. */
  catalogOwner: (owner: number) => ['catalog', owner] as const,
  /** A kind's list ("sensor/dynamic"), sorted by the server for the language. */
  catalogList: (owner: number, segment: string, language: string) => ['catalog', owner, segment, 'list', language] as const,
  catalogItem: (owner: number, segment: string, id: string) => ['catalog', owner, segment, 'item', id] as const,
  /** Option lists of a catalogue screen (e.g. "sensor": GET /api/sensor/enums). */
  catalogOptions: (name: string) => ['catalog', 'options', name] as const,
  /** Everything of one factory's asset tree: side-bar lists, search, nodes, option lists. */
  tree: (factory: number) => ['tree', factory] as const,
  /** Children of one node in the side-bar (Tipo factory|site|area|machine|component). */
  treeChildren: (factory: number, tipo: string, id: number) => ['tree', factory, 'children', tipo, id] as const,
  treeSearch: (factory: number, q: string) => ['tree', factory, 'search', q] as const,
  /** Every search of the side-bar. */
  treeSearches: (factory: number) => ['tree', factory, 'search'] as const,
  /** One node as its editor loads it. */
  treeNode: (factory: number, kind: string, id: number) => ['tree', factory, 'node', kind, id] as const,
  treeEnums: (factory: number) => ['tree', factory, 'enums'] as const,
  calculations: (factory: number) => ['tree', factory, 'calculation'] as const,
  /** The factory's bearings and the shared catalogue's: brands, lists by brand, download pages. */
  bearings: (factory: number) => ['tree', factory, 'bearing'] as const,
  bearingBrands: (factory: number) => ['tree', factory, 'bearing', 'brands'] as const,
  factoryBearings: (factory: number, brand: string) => ['tree', factory, 'bearing', 'factory', brand] as const,
  templateBearings: (factory: number, brand: string, search: string) =>
    ['tree', factory, 'bearing', 'template', brand, search] as const,
  /** Nodes of a kind as their editors loaded them (all points, after an assign action). */
  treeNodes: (factory: number, kind: string) => ['tree', factory, 'node', kind] as const,
  /** The VCO/VCOVs associated to a machine, with their channels and states. */
  machineVcos: (factory: number, machine: number) => ['tree', factory, 'machine-vco', machine] as const,
  /** The delivery of a machine's configuration: its device and every version published. */
  configuration: (factory: number, machine: number) => ['tree', factory, 'configuration', machine] as const,
  /** What changed from one version of a machine's configuration to another. */
  configurationDiff: (factory: number, machine: number, from: number, to: number) => ['tree', factory, 'configuration', machine, 'diff', from, to] as const,
  /** The factory's machines counted by the delivery of their newest configuration (the home page). */
  configurationSummary: (factory: number) => ['tree', factory, 'configuration-summary'] as const,
  /** A machine's alert list: every reference value, direction by direction. */
  machineAlarms: (factory: number, machine: number) => ['tree', factory, 'machine-alarm', machine] as const,
  /** What a machine's precalculation chooses from: its components, its criterion's conditions, its points. */
  precalcLists: (factory: number, machine: number) => ['tree', factory, 'precalc-lists', machine] as const,
  /** A machine VCO's alarm record (its name and the machine's criterion). */
  vcoAlarmRecord: (factory: number, machine: number, vco: number) => ['tree', factory, 'vco-alarm-record', machine, vco] as const,
  /** The items associated to a point (the side-bar); without a point, every point's. */
  pointAssociations: (factory: number, point?: number) =>
    (point === undefined ? ['tree', factory, 'point-associations'] : ['tree', factory, 'point-associations', point]) as readonly unknown[],
  /** An associated item's reference values, one per condition. */
  references: (factory: number, segment: string, point: number, key: string) => ['tree', factory, 'references', segment, point, key] as const,
  /** The devices of a kind a machine may use. */
  machineDevices: (factory: number, kind: string, machine: number) => ['tree', factory, 'equipment', kind, 'machine', machine] as const,
  /** The Alert10C behind a gateway. */
  gatewayAlert10c: (factory: number, gateway: number) => ['tree', factory, 'equipment', 'concentrator', gateway, 'alert10c'] as const,
  /** The KOS Sensors a point may use in a mode. */
  pointSensors: (factory: number, point: number, mode: string) => ['tree', factory, 'mems', point, mode] as const,
  /** Template machines or components a factory may download. */
  templates: (factory: number, kind: string) => ['tree', factory, 'template', kind] as const,
  /** Every device list of the registry: a change to any device reloads them all. */
  equipment: ['equipment'] as const,
  /** The devices of a kind ("concentrator", "mems"...). */
  equipmentList: (kind: string) => ['equipment', kind] as const,
  /** The KOS Sensors a filter leaves: how many, and rows `from`..`to`-1 (below the KOS Sensor list, which reloads them). */
  memsCount: (query: object) => ['equipment', 'mems', 'count', query] as const,
  memsPage: (query: object, from: number, to: number) => ['equipment', 'mems', 'page', query, from, to] as const,
  /** A KOS Sensor's battery, health or angles over its last days. */
  sensorHistory: (id: number, series: string, days: number) => ['equipment', 'mems', 'history', id, series, days] as const,
  /** A factory's measured history: what reads it reloads after an import or a cleaning. */
  history: (factory: number) => ['history', factory] as const,
  /** How many values a data cleaning would delete below a site, area or machine. */
  historyCount: (factory: number, level: string, id: number, query: object) => ['history', factory, 'count', level, id, query] as const,
  /** The values of one series of an associated VCV or VCP in one condition over a period, as the alarm edit modal draws them. */
  alarmChart: (factory: number, segment: string, id: number, dir: number, condition: number, from: string, to: string) =>
    ['history', factory, 'alarm-chart', segment, id, dir, condition, from, to] as const,
  /** A machine VCO's values over a period, as the alarm edit modal draws them. */
  alarmVcoChart: (factory: number, machine: number, vco: number, from: string, to: string) =>
    ['history', factory, 'alarm-vco-chart', machine, vco, from, to] as const,
  /** A page of a site's series with their last value and state, and the counts per state (the site's 'alarms' tab). */
  siteAlarms: (factory: number, site: number, query: object) => ['history', factory, 'site-alarms', site, query] as const,
  /** A machine's interventions, newest first (also the marks of its charts). */
  interventions: (factory: number, machine: number) => ['history', factory, 'interventions', machine] as const,
  /** The machines a VCO/VCOV is on: whose change history can be read. */
  vcoMachines: (factory: number, vco: number) => ['history', factory, 'vco-machines', vco] as const,
  /** A VCO's start and end values on a machine over a period. */
  vcoChart: (factory: number, machine: number, vco: number, period: object) => ['history', factory, 'vco-chart', machine, vco, period] as const,
  /** The admin tree: distributors, partners, factories and sites. */
  adminTree: ['admin', 'tree'] as const,
};
