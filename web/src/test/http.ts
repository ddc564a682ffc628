import { vi } from 'vitest';

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

/** An answer of the stubbed fetch. */
export type Answer = { status: number; body?: unknown };

/**
 * Stubs fetch with answers by "METHOD path" (500 for any other), or functions giving the answer
 * of each call (a list that changes after a save, an answer that waits); records every request
 * with its body.
 */
export function serve(answers: Record<string, Answer | (() => Answer | Promise<Answer>)>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const key = `${request.method} ${decodeURIComponent(new URL(request.url).pathname)}`;
    const text = await request.text();
    calls.push({ key, body: text ? JSON.parse(text) : undefined });
    const given = answers[key] ?? { status: 500 };
    const a = typeof given === 'function' ? await given() : given;
    return jsonResponse(a.status, a.body);
  });
  return calls;
}
