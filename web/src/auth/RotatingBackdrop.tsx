import { useEffect, useState } from 'react';

/** Spec section 9: the login background changes every 8000 ms. */
export const BACKDROP_INTERVAL_MS = 8000;
export const BACKDROP_IMAGES = ['/auth/pitch-night.svg', '/auth/campus-dusk.svg', '/auth/ball-motion.svg'];

/** Decorative background images that cross-fade in turn. */
export function RotatingBackdrop({ images = BACKDROP_IMAGES, intervalMs = BACKDROP_INTERVAL_MS }: { images?: string[]; intervalMs?: number }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (images.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % images.length), intervalMs);
    return () => clearInterval(timer);
  }, [images.length, intervalMs]);
  return (
    <div className="auth-backdrop" aria-hidden="true" data-active-index={index}>
      {images.map((src, i) => (
        <div key={src} className={`auth-backdrop-image ${i === index ? 'is-active' : ''}`} style={{ backgroundImage: `url("${src}")` }} />
      ))}
    </div>
  );
}
