// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneFold } from './PhoneFold.tsx';

afterEach(cleanup);

describe('PhoneFold', () => {
  it('starts folded, and its button opens and folds again what it names', () => {
    render(
      <PhoneFold label="Filters (2)">
        <label>
          Nationality <select />
        </label>
      </PhoneFold>,
    );
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    const body = document.getElementById(button.getAttribute('aria-controls')!)!;
    // Folded by the stylesheet on a phone only: the content is in the page, marked folded.
    expect(body.contains(screen.getByRole('combobox', { name: 'Nationality' }))).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(body.classList.contains('is-folded')).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(body.classList.contains('is-folded')).toBe(false);
    fireEvent.click(button);
    expect(body.classList.contains('is-folded')).toBe(true);
  });
});
