import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StoryModal } from './StoryModal.tsx';
import type { TeamMember } from './team.ts';
import '../public.css';

/** The team grid. Members with a story get a "Read story" button that opens it in a modal. */
export function TeamSection({ members }: { members: TeamMember[] }) {
  const { t } = useTranslation('public');
  const [openSlug, setOpenSlug] = useState<string | null>(null);
  const open = members.find((m) => m.slug === openSlug);

  return (
    <>
      <ul className="team-grid">
        {members.map((member) => (
          <li key={member.slug} className="card team-card">
            <img className="team-photo" src={member.image} alt={t('about.portrait', { name: member.name })} width={400} height={400} loading="lazy" />
            <div className="team-body">
              <h3>{member.name}</h3>
              <p className="muted">{member.role}</p>
              {member.story && (
                <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpenSlug(member.slug)}>
                  {t('about.readStory', { firstName: member.name.split(' ')[0] })}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {open?.story && <StoryModal member={open} story={open.story} onClose={() => setOpenSlug(null)} />}
    </>
  );
}
