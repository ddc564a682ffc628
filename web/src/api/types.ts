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
