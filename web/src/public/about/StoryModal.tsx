import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import type { TeamMember, Story } from './team.ts';
import '../public.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A team member's story in a modal dialog. Closes on Escape, a click on the backdrop or the close
 * button. Focus moves into the dialog, stays inside it while open, and returns to whatever had
 * it before (the "Read story" button) when it closes.
 */
export function StoryModal({ member, story, onClose }: { member: TeamMember; story: Story; onClose: () => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  // Keep Tab and Shift+Tab inside the dialog.
  const trapTab = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdrop = (event: MouseEvent) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    <div className="modal-backdrop story-backdrop" onClick={onBackdrop} data-testid="story-backdrop">
      <div ref={dialogRef} className="modal story-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={trapTab}>
        <button ref={closeRef} type="button" className="btn btn-ghost btn-sm modal-close" onClick={onClose} aria-label="Close story">
          <span aria-hidden="true">✕</span>
        </button>
        <img className="story-hero" src={story.mainImage} alt="" width={640} height={400} />
        <p className="eyebrow">
          {member.name} · {member.role}
        </p>
        <h2 id={titleId}>{story.title}</h2>
        <p className="lead">{story.tagline}</p>
        {story.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <div className="story-highlight">
          <h3>{story.highlight.heading}</h3>
          <p>{story.highlight.intro}</p>
          <ul>
            {story.highlight.list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <blockquote className="story-quote">
          <p>“{story.quote}”</p>
          <footer>— {member.name}</footer>
        </blockquote>
        <p>{story.closing}</p>
        {story.gallery.length > 0 && (
          <ul className="story-gallery" aria-label="Gallery">
            {story.gallery.map((image) => (
              <li key={image.src}>
                <img src={image.src} alt={image.alt} loading="lazy" width={640} height={400} />
              </li>
            ))}
          </ul>
        )}
        <Link className="btn btn-primary" to={story.ctaTo} onClick={onClose}>
          {story.ctaLabel}
        </Link>
      </div>
    </div>,
    document.body,
  );
}
