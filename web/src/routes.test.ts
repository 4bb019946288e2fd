// @vitest-environment jsdom
import { SPA_ROUTES } from '@app/domain/spa-routes';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pageRoutes } from './App.tsx';

function pathsOf(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

// The server answers 404 for any page address outside SPA_ROUTES: a route added to the web router
// but not to that list would be served with a 404 status.
describe('web routes and the server route list', () => {
  it('name the same pages', () => {
    const web = pathsOf(pageRoutes);
    expect([...web].sort()).toEqual(SPA_ROUTES.map((r) => r.path).sort());
  });
});
