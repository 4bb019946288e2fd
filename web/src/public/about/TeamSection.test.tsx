// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { teamMembers, type TeamMember } from './team.ts';
import { TeamSection } from './TeamSection.tsx';

afterEach(cleanup);

const TEAM = teamMembers(i18n.getFixedT('en', 'public'));

const withStory = TEAM.find((m) => m.story)!;
const firstName = withStory.name.split(' ')[0];

function renderTeam(members: TeamMember[] = TEAM) {
  render(
    <MemoryRouter>
      <TeamSection members={members} />
    </MemoryRouter>,
  );
}

function openStory() {
  const opener = screen.getByRole('button', { name: `Read ${firstName}’s story` });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('team and story modal', () => {
  it('lists a team of six, with a story button only for members that have a story', () => {
    renderTeam();
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('team-card'))).toHaveLength(6);
    const buttons = screen.getAllByRole('button', { name: /story/ });
    expect(buttons.map((b) => b.textContent)).toEqual(TEAM.filter((m) => m.story).map((m) => `Read ${m.name.split(' ')[0]}’s story`));
    expect(TEAM.some((m) => !m.story)).toBe(true);
  });

  it('opens no modal for a member without a story', () => {
    const noStory = TEAM.filter((m) => !m.story);
    renderTeam(noStory);
    expect(screen.queryAllByRole('button')).toEqual([]);
    for (const member of noStory) fireEvent.click(screen.getByText(member.name));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the story in a dialog with focus inside, and closes on Escape returning focus', () => {
    renderTeam();
    const opener = openStory();
    const dialog = screen.getByRole('dialog', { name: withStory.story!.title });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText(withStory.story!.quote, { exact: false })).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with the close button', () => {
    renderTeam();
    const opener = openStory();
    fireEvent.click(screen.getByRole('button', { name: 'Close story' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a click on the backdrop, but not on a click inside the dialog', () => {
    renderTeam();
    openStory();
    fireEvent.click(screen.getByRole('heading', { name: withStory.story!.title }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('story-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the dialog', () => {
    renderTeam();
    openStory();
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close story' });
    const cta = within(dialog).getByRole('link', { name: withStory.story!.ctaLabel });
    cta.focus();
    fireEvent.keyDown(cta, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cta);
  });
});
