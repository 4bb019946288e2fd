import { describe, expect, it } from 'vitest';
import { isSpaRoute, spaRouteOf } from './spa-routes.ts';

describe('spaRouteOf', () => {
  it.each([
    ['/', 'public'],
    ['/faq', 'public'],
    ['/faq/', 'public'],
    ['/FAQ', 'public'],
    ['/athlete-login', 'auth'],
    ['/athlete-dashboard', 'athlete'],
    ['/coach/athletes/0b5c6f0e-1111-4222-8333-444455556666', 'coach'],
    ['/agent/players', 'agent'],
    ['/support/insights', 'insights'],
  ])('%s is a %s page', (pathname, area) => {
    expect(spaRouteOf(pathname)?.area).toBe(area);
  });

  it.each(['/no-such-page', '/coach/athletes', '/coach/athletes/1/more', '/athlete-dashboard/extra', '/agent'])('%s is no page', (pathname) => {
    expect(isSpaRoute(pathname)).toBe(false);
  });
});
