import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, configureApi, firstError, GENERIC_ERROR, isBeingPrepared, NETWORK_ERROR } from './api';

function respond(status: number, body: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(text, { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  configureApi({ csrfToken: () => null, onUnauthorized: () => undefined });
});

describe('firstError', () => {
  it('takes the first server message', () => {
    expect(firstError({ success: false, errors: ['Email is taken', 'x'] })).toBe('Email is taken');
  });

  it('falls back when the body has none', () => {
    expect(firstError(null)).toBe(GENERIC_ERROR);
    expect(firstError({ errors: [] }, 'fallback')).toBe('fallback');
    expect(firstError('<html>')).toBe(GENERIC_ERROR);
  });
});

describe('api client', () => {
  it('sends the CSRF token and JSON on a state-changing call, with same-origin cookies', async () => {
    const fetch = respond(200, { success: true });
    vi.stubGlobal('fetch', fetch);
    configureApi({ csrfToken: () => 'csrf-1' });
    await api.patch('/api/profile', { firstName: 'Jane' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/profile');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({
      'X-CSRF-Token': 'csrf-1',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
    expect(init?.body).toBe('{"firstName":"Jane"}');
  });

  it('sends no CSRF token on a GET or when told not to', async () => {
    const fetch = respond(200, {});
    vi.stubGlobal('fetch', fetch);
    configureApi({ csrfToken: () => 'csrf-1' });
    await api.get('/api/session');
    await api.post('/account/login', {}, { csrf: false });
    for (const [, init] of fetch.mock.calls) expect(init?.headers).not.toHaveProperty('X-CSRF-Token');
  });

  it('lets the browser set the multipart header of an upload', async () => {
    const fetch = respond(200, { success: true });
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('File', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.put('/api/profile/image', form);
    const [, init] = fetch.mock.calls[0];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('throws the first server error with its status', async () => {
    vi.stubGlobal('fetch', respond(409, { success: false, errors: ['This e-mail is already in use'] }));
    const error = await api.post('/api/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'This e-mail is already in use' });
  });

  it('reports a 401 so the app can send the user to sign in, unless told not to', async () => {
    const onUnauthorized = vi.fn();
    configureApi({ onUnauthorized });
    vi.stubGlobal('fetch', respond(401, { success: false, errors: ['Please sign in'] }));
    await expect(api.get('/api/session')).rejects.toThrow('Please sign in');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(api.post('/account/login', {}, { redirectOnUnauthorized: false })).rejects.toThrow('Please sign in');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('returns null for an empty body and explains a network failure', async () => {
    vi.stubGlobal('fetch', respond(200, undefined));
    await expect(api.get('/api/time/current')).resolves.toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/session')).rejects.toThrow(NETWORK_ERROR);
  });
});

describe('isBeingPrepared', () => {
  it('is a 503 only: a read model being rebuilt after an update, which comes back by itself', () => {
    expect(isBeingPrepared(new ApiError(503, ['The audit log is being prepared after an update (4 % done).']))).toBe(
      true,
    );
    expect(isBeingPrepared(new ApiError(500, [GENERIC_ERROR]))).toBe(false);
    expect(isBeingPrepared(new ApiError(404, ['The job was not found.']))).toBe(false);
    expect(isBeingPrepared(new Error('boom'))).toBe(false);
  });
});
