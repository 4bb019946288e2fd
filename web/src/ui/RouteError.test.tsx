// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPageLoadFailure, RouteError } from './RouteError.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderFailing(error: Error) {
  // React and the router report the error too; the page is what the test looks at.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const Failing = () => {
    throw error;
  };
  const router = createMemoryRouter([{ path: '/', element: <Failing />, errorElement: <RouteError /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

describe('a page that fails', () => {
  it("asks to load the page again when its code could not be downloaded (offline, or a new version's files)", () => {
    renderFailing(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/ThreadPage-1.js'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Load the page again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('says something went wrong for any other failure, without the error itself', () => {
    renderFailing(new Error('secret internal detail'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong on this page');
    expect(screen.queryByText(/secret internal detail/)).toBeNull();
  });

  it("recognises the browsers' failed page downloads", () => {
    for (const message of [
      'Unable to preload CSS for http://127.0.0.1:3000/assets/conversations-CNWtf9ox.css',
      'Importing a module script failed.',
      'error loading dynamically imported module: http://x/assets/a.js',
    ])
      expect(isPageLoadFailure(new Error(message)), message).toBe(true);
    expect(isPageLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
