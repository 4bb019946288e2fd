// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_ADVANCE_MS, itemsPerView, LogoCarousel, type CarouselImage } from './LogoCarousel.tsx';

const logos = (n: number): CarouselImage[] => Array.from({ length: n }, (_, i) => ({ src: `/logo-${i + 1}.svg`, alt: `Logo ${i + 1}` }));

function setWidth(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

/** The alt texts of the logos a visitor can see (hidden slides are aria-hidden). */
const visibleLogos = () => screen.queryAllByRole('img').map((img) => img.getAttribute('alt'));

function renderCarousel(n: number) {
  return render(<LogoCarousel label="Partner universities" images={logos(n)} emptyText="Partner logos are on their way." />);
}

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('itemsPerView', () => {
  it('shows 1, 2, 3 or 4 items under 640, from 640, from 1024 and from 1280 px', () => {
    expect([320, 639, 640, 1023, 1024, 1279, 1280, 1920].map(itemsPerView)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });
});

describe('LogoCarousel', () => {
  it('shows as many logos as the window width allows, and follows resizes', () => {
    renderCarousel(8);
    const expected: Array<[number, number]> = [
      [639, 1],
      [640, 2],
      [1023, 2],
      [1024, 3],
      [1279, 3],
      [1280, 4],
    ];
    for (const [width, count] of expected) {
      setWidth(width);
      expect(visibleLogos(), `at ${width}px`).toEqual(logos(count).map((l) => l.alt));
    }
  });

  it('advances one logo every 4000 ms and wraps around when there are more logos than visible', () => {
    vi.useFakeTimers();
    setWidth(1024); // 3 visible of 5
    renderCarousel(5);
    expect(visibleLogos()).toEqual(['Logo 1', 'Logo 2', 'Logo 3']);
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS - 1);
    });
    expect(visibleLogos()).toEqual(['Logo 1', 'Logo 2', 'Logo 3']);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(visibleLogos()).toEqual(['Logo 2', 'Logo 3', 'Logo 4']);
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS);
    });
    expect(visibleLogos()).toEqual(['Logo 3', 'Logo 4', 'Logo 5']);
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS);
    });
    expect(visibleLogos()).toEqual(['Logo 1', 'Logo 2', 'Logo 3']);
  });

  it('does not advance when every logo fits, and disables the buttons', () => {
    vi.useFakeTimers();
    setWidth(1280); // 4 visible
    renderCarousel(4);
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS * 5);
    });
    expect(visibleLogos()).toEqual(['Logo 1', 'Logo 2', 'Logo 3', 'Logo 4']);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: /Pause/ })).toBeNull();
  });

  it('starts advancing when the window narrows below the number of logos', () => {
    vi.useFakeTimers();
    setWidth(1280);
    renderCarousel(4);
    setWidth(639);
    expect(visibleLogos()).toEqual(['Logo 1']);
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS);
    });
    expect(visibleLogos()).toEqual(['Logo 2']);
  });

  it('moves with the previous and next buttons and the arrow keys, wrapping at both ends', () => {
    setWidth(640); // 2 visible of 3
    renderCarousel(3);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(visibleLogos()).toEqual(['Logo 2', 'Logo 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(visibleLogos()).toEqual(['Logo 1', 'Logo 2']);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next' }), { key: 'ArrowRight' });
    expect(visibleLogos()).toEqual(['Logo 2', 'Logo 3']);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next' }), { key: 'ArrowLeft' });
    expect(visibleLogos()).toEqual(['Logo 1', 'Logo 2']);
  });

  it('pauses while hovered and when the visitor presses Pause', () => {
    vi.useFakeTimers();
    setWidth(639);
    const { container } = renderCarousel(3);
    const carousel = container.querySelector('.carousel')!;
    fireEvent.mouseEnter(carousel);
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS * 2);
    });
    expect(visibleLogos()).toEqual(['Logo 1']);
    fireEvent.mouseLeave(carousel);
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS);
    });
    expect(visibleLogos()).toEqual(['Logo 2']);
    fireEvent.click(screen.getByRole('button', { name: /Pause/ }));
    fireEvent.blur(screen.getByRole('button', { name: /Play/ })); // focus leaves the carousel
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS * 3);
    });
    expect(visibleLogos()).toEqual(['Logo 2']);
  });

  it('shows the empty-state text and no logos when there are no images', () => {
    vi.useFakeTimers();
    renderCarousel(0);
    expect(screen.getByText('Partner logos are on their way.')).toBeTruthy();
    expect(screen.queryAllByRole('img')).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS * 2);
    });
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });
});
