/** A JSON answer for mocked fetch calls. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

/** The server's error body. */
export function errorBody(...errors: { code: string; message: string; field?: string }[]) {
  return { errors };
}
