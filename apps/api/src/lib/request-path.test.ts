import { describe, expect, it } from 'vitest';
import { isApiPath, routedPath } from './request-path.ts';

describe('routedPath', () => {
  it('reads a path as the router does: without an absolute form’s origin or the query, escapes decoded', () => {
    expect(routedPath('/api/user/shipments?page=2')).toBe('/api/user/shipments');
    expect(routedPath('http://127.0.0.1:3411/api/user/shipments?page=2')).toBe('/api/user/shipments');
    expect(routedPath('HTTPS://portal.example')).toBe('/');
    expect(routedPath('/%61pi/user/login')).toBe('/api/user/login');
    expect(routedPath('/api/%E0%A4%A')).toBe('/api/%E0%A4%A');
  });

  it('tells an API path however it is spelt, and no other', () => {
    for (const url of ['/api/user/x', '/%61pi/user/x', 'http://h/api/broker/v1/events']) {
      expect(isApiPath(url), url).toBe(true);
    }
    for (const url of ['/apiary', '/shipments?next=/api/x', '/', 'http://h/shipments']) {
      expect(isApiPath(url), url).toBe(false);
    }
  });
});
