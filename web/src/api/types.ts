// Request and response types of the calls the SPA makes, derived from the generated
// schema.d.ts by path and method (not by component name), so that regenerating the schema from
// the server's OpenAPI document keeps these names stable.
import type { paths } from './schema';

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Ok<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: { 200: infer R };
}
  ? JsonOf<R>
  : never;
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;

/** The signed-in user (GET /api/auth/me). */
export type Me = Ok<'/api/auth/me', 'get'>;
/** A factory the signed-in user belongs to, as listed in Me.Fabricas. */
export type MeFactory = NonNullable<Me['Fabricas']>[number];
/** Own preferences (PUT /api/auth/me). */
export type MeInput = Body<'/api/auth/me', 'put'>;
/** Credentials (POST /api/auth/login). */
export type LoginInput = Body<'/api/auth/login', 'post'>;
/** A factory (GET /api/user/{factory}, GET /api/admin/factories). */
export type Factory = Ok<'/api/user/{factory}', 'get'>;
/** Body of POST /api/admin/factories and PUT /api/admin/factories/{id}. */
export type FactoryInput = Body<'/api/admin/factories', 'post'>;
/** A user as the administration lists it (GET /api/admin/users). */
export type User = NonNullable<Ok<'/api/admin/users', 'get'>>[number];
/** Body of POST /api/admin/users and PUT /api/admin/users/{id}. */
export type UserInput = Body<'/api/admin/users', 'post'>;

// Asset tree (docs/API.md, "Asset tree").
type Item<T> = NonNullable<T> extends readonly (infer E)[] ? E : never;
/** A child in the side-bar tree (GET .../tree/children). */
export type TreeNode = Item<Ok<'/api/user/{factory}/tree/children', 'get'>>;
/** The node kinds the side-bar asks children of (query parameter Tipo). */
export type TreeChildrenTipo = NonNullable<paths['/api/user/{factory}/tree/children']['get']['parameters']['query']>['Tipo'];
/** A search hit with its path from the site (GET .../tree/search). */
export type TreeSearchHit = Item<Ok<'/api/user/{factory}/tree/search', 'get'>>;
/** One option of an enum list of GET .../enums: id, Spanish and English names. */
export type EnumOption = Item<Ok<'/api/user/{factory}/enums', 'get'>['Actualizacion']>;
/** Option lists of the sensor editors (GET /api/sensor/enums): Magnitud, Entrada, Power, TiempoMuestra. */
export type SensorEnums = Ok<'/api/sensor/enums', 'get'>;

export type Site = Ok<'/api/user/{factory}/site/{id}', 'get'>;
export type SiteInput = Body<'/api/user/{factory}/site/{id}', 'put'>;
export type Area = Ok<'/api/user/{factory}/area/{id}', 'get'>;
export type AreaInput = Body<'/api/user/{factory}/area/{id}', 'put'>;
export type Machine = Ok<'/api/user/{factory}/machine/{id}', 'get'>;
export type MachineInput = Body<'/api/user/{factory}/machine/{id}', 'put'>;
export type Component = Ok<'/api/user/{factory}/component/{id}', 'get'>;
export type ComponentInput = Body<'/api/user/{factory}/component/{id}', 'put'>;
export type Motor = NonNullable<Component['Motor']>;
export type Point = Ok<'/api/user/{factory}/point/{id}', 'get'>;
export type PointInput = Body<'/api/user/{factory}/point/{id}', 'put'>;

// Bearings and templates (docs/API.md, "Asset tree" and "Templates").
/** A bearing with its defect frequencies in orders (GET .../bearing, a point's Rodamiento1..4). */
export type Bearing = Item<Ok<'/api/user/{factory}/bearing', 'get'>>;
/** Bearing brands of the factory and of the shared catalogue (GET .../bearing/brands). */
export type BearingBrands = Ok<'/api/user/{factory}/bearing/brands', 'get'>;
/** A page of the shared catalogue's bearings still to download (GET .../bearing/template). */
export type BearingPage = Ok<'/api/user/{factory}/bearing/template', 'get'>;
/** A template machine or component: its id, name and group (GET .../template/machine|component). */
export type TemplateItem = Item<Ok<'/api/user/{factory}/template/machine', 'get'>>;

// Operating values (docs/API.md, "Operating values").
/** A factory VCO/VCOV item (GET .../vco_v). */
export type VcoV = Item<Ok<'/api/user/{factory}/vco_v', 'get'>>;
/** A factory criterion with its VCO/VCOV entries (GET .../criterion). */
export type Criterion = Item<Ok<'/api/user/{factory}/criterion', 'get'>>;
/** A factory alert-device spectrum (GET .../spectrum). */
export type Spectrum = Item<Ok<'/api/user/{factory}/spectrum', 'get'>>;
/** A factory digital spectrum (GET .../digitalspectrum). */
export type DigitalSpectrum = Item<Ok<'/api/user/{factory}/digitalspectrum', 'get'>>;
/** A VCO/VCOV associated to a machine, with its channel and states (GET .../machineocv/machine/{machine}). */
export type MachineVco = Item<Ok<'/api/user/{factory}/machineocv/machine/{machine}', 'get'>>;
/** Body of the channel assignment of a machine VCO (POST .../machineocv/channel). */
export type MachineVcoChannel = Body<'/api/user/{factory}/machineocv/channel', 'post'>;
/** Body of a machine VCO's state values (PUT .../machineocv/machine/{machine}/ocv/{ocv}). */
export type MachineVcoStates = Body<'/api/user/{factory}/machineocv/machine/{machine}/ocv/{ocv}', 'put'>;
