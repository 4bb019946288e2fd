// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineBanner } from './OfflineBanner.tsx';

afterEach(() => onlineManager.setOnline(true));

describe('offline banner', () => {
  it('says the browser is offline while it is, and nothing once it is back', () => {
    render(<OfflineBanner />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    act(() => onlineManager.setOnline(false));
    expect(status.textContent).toBe('You’re offline. What you see may be out of date, and nothing can be saved until the connection is back.');
    expect(status.className).toBe('offline-banner');
    act(() => onlineManager.setOnline(true));
    expect(status.textContent).toBe('');
  });
});
