/** One entry of the server's error list: `{"errors":[{"code","message","field"?}]}`. */
export interface ApiErrorDetail {
  code: string;
  message: string;
  /** Name of the invalid body field (PascalCase, as in the request; "Motor.Marca" for nested ones), only on 422. */
  field?: string;
}

/** A non-2xx answer of the API, with the server's (already translated) messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorDetail[];

  constructor(status: number, errors: ApiErrorDetail[]) {
    super(errors.map((e) => e.message).join(' ') || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  /** Errors that name a body field (422), grouped by field, in the server's order. */
  fieldErrors(): Map<string, string[]> {
    const byField = new Map<string, string[]>();
    for (const e of this.errors) {
      if (!e.field) continue;
      byField.set(e.field, [...(byField.get(e.field) ?? []), e.message]);
    }
    return byField;
  }
}

/**
 * Normalises a field reference to the body field it names: the server sends "Nombre", or
 * "Motor.Marca" for a field of a nested object; huma's own request validation sends locations
 * such as "body.Nombre" or "body.Fabricas[0]" (an item of a list names the list).
 */
export function normalizeField(field: string | undefined): string | undefined {
  if (!field) return undefined;
  const name = field.replace(/^body\./, '').split('[')[0].replace(/\.$/, '');
  return name || undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Builds an ApiError from a status and whatever body came back (JSON, text or nothing). */
export function toApiError(status: number, body: unknown): ApiError {
  const details: ApiErrorDetail[] = [];
  if (isRecord(body) && Array.isArray(body.errors)) {
    for (const raw of body.errors) {
      if (!isRecord(raw)) continue;
      const message = typeof raw.message === 'string' ? raw.message : '';
      const field = normalizeField(
        typeof raw.field === 'string' ? raw.field : typeof raw.location === 'string' ? raw.location : undefined,
      );
      details.push({ code: typeof raw.code === 'string' ? raw.code : '', message, ...(field ? { field } : {}) });
    }
  }
  // huma's default error model (RFC 9457) carries its text in "detail".
  if (details.length === 0 && isRecord(body) && typeof body.detail === 'string' && body.detail) {
    details.push({ code: '', message: body.detail });
  }
  return new ApiError(status, details.filter((d) => d.message));
}
