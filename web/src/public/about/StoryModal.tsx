import { useId, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useModalDialog } from '../../ui/Modal.tsx';
import type { TeamMember, Story } from './team.ts';
import '../public.css';

/**
 * A team member's story in a modal dialog (useModalDialog: focus starts on the close button, stays
 * inside, and returns to the "Read story" button; Escape closes). A click on the backdrop or the
 * close button closes it too.
 */
export function StoryModal({ member, story, onClose }: { member: TeamMember; story: Story; onClose: () => void }) {
  const { t } = useTranslation('public');
  const titleId = useId();
  const dialogRef = useModalDialog(onClose);

  const onBackdrop = (event: MouseEvent) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions, jsx-a11y/click-events-have-key-events -- a pointer shortcut; keyboards close with Escape (useModalDialog)
    <div className="modal-backdrop story-backdrop" onClick={onBackdrop} data-testid="story-backdrop">
      <div ref={dialogRef} className="modal story-modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <button type="button" className="btn btn-ghost btn-sm modal-close" onClick={onClose} aria-label={t('about.closeStory')} data-autofocus>
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
          <p>{t('about.quote', { quote: story.quote })}</p>
          <footer>— {member.name}</footer>
        </blockquote>
        <p>{story.closing}</p>
        {story.gallery.length > 0 && (
          <ul className="story-gallery" aria-label={t('about.gallery')}>
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
