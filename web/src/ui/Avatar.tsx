import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveImageUrl, thumbnailPath } from '../api/client.ts';
import './widgets.css';

/** Up to two initials of a name ('Lucía Pérez' -> 'LP'). */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [words[0][0]] : [words[0][0], words[words.length - 1][0]];
  return letters.join('').toUpperCase();
}

/** A person's photo, or their initials when there is none (or it fails to load). Small sizes
 * (lists, at most 56 px) load the 96 px thumbnail. */
export function Avatar({ name, photoUrl, size = 'md' }: { name: string | null | undefined; photoUrl?: string | null; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  const src = resolveImageUrl(size === 'sm' || size === 'md' ? thumbnailPath(photoUrl) : photoUrl);
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img className={`avatar avatar-${size}`} src={src} alt={name ? t('avatar.photoOf', { name }) : t('avatar.profilePhoto')} onError={() => setFailed(src)} />
    );
  }
  return (
    <span className={`avatar avatar-${size} avatar-initials`} role="img" aria-label={name ? t('avatar.noPhotoOf', { name }) : t('avatar.noPhoto')}>
      {initialsOf(name)}
    </span>
  );
}
