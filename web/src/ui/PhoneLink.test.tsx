// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneLink } from './PhoneLink.tsx';

afterEach(cleanup);

describe('PhoneLink', () => {
  it('shows the number as written and dials only its digits and leading +', () => {
    render(<PhoneLink phone="+34 (612) 34-56.78" />);
    const link = screen.getByRole('link', { name: '+34 (612) 34-56.78' });
    expect(link.getAttribute('href')).toBe('tel:+34612345678');
  });
});
