import { i18n } from '../../i18n/index.ts';
import { GRADING_SCALES, inTermOrder, type CoachAthlete } from '@app/domain';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ListStepper, type ListStep } from '../../ui/ListStepper.tsx';
import { ApiError } from '../../api/client.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { EmailText } from '../../ui/EmailText.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { capitalize, formatBudget, formatDate, heightText, listText, weightText } from '../../ui/format.ts';
import { Modal } from '../../ui/Modal.tsx';
import { PhoneLink } from '../../ui/PhoneLink.tsx';
import { LoadError, PageLoading } from '../../ui/states.tsx';
import { ATHLETE_NOT_FOUND, useCoachAthlete } from '../api/getAthlete.ts';
import { NoteCard } from '../../notes/NoteCard.tsx';
import { ThreadLink } from '../../conversations/ThreadLink.tsx';
import { useRequestMatches, type RankedMatch } from '../matches/api/getRequestMatches.ts';
import { groupContextOf, groupState, listContextOf, listedPlayers, listState, type GroupContext, type ListContext } from '../matches/listContext.ts';
import { MatchActions } from '../matches/MatchActions.tsx';
import { MatchStatusBadges, ScoreValue } from '../matches/MatchCard.tsx';
import { useAthleteStandings } from '../api/getAthleteStandings.ts';
import { athleteHighlights, hostOf, youtubeEmbedUrl } from './present.ts';
import { useDocumentTitle } from '../../chrome/useDocumentTitle.ts';
import '../coach.css';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

export const ATHLETE_LOAD_ERROR = 'Unable to load athlete right now.';

/** Back to the previous page, or to the requests when the profile was opened directly. */
function BackLink() {
  const navigate = useNavigate();
  const hasHistory = typeof window !== 'undefined' && ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => void (hasHistory ? navigate(-1) : navigate('/coach-requests'))}>
      {t('coachAthletePage.back')}
    </button>
  );
}

/** /coach/athletes/:athleteId: a completed athlete's full profile (spec section 2). */
export function CoachAthletePage() {
  const { athleteId } = useParams();
  const athlete = useCoachAthlete(athleteId);
  const state: unknown = useLocation().state;
  const list = listContextOf(state);
  const opened = list ? null : groupContextOf(state);
  // (A group's state names the player it opened: a stale one, e.g. an edited address, is left out.)
  const group = opened?.players[opened.at].id === athleteId ? opened : null;
  useDocumentTitle(athlete.data?.displayName ?? t('coachAthletePage.athleteProfile'));

  let body;
  if (athlete.isPending) body = <PageLoading label={t('coachAthletePage.loadingAthlete')} />;
  else if (athlete.isError) {
    const notFound = athlete.error instanceof ApiError && athlete.error.status === 404;
    body = notFound ? (
      <LoadError title={ATHLETE_NOT_FOUND} message={t('coachAthletePage.thisAthleteProfileDoesNot')} />
    ) : (
      <LoadError title={ATHLETE_LOAD_ERROR} message={athlete.error.message} onRetry={() => void athlete.refetch()} />
    );
  } else {
    // Keyed: stepping to another athlete starts their profile afresh (the note editor's text, an open video).
    const openedFrom = list?.requestId ?? group?.players[group.at].requestId;
    body = <AthleteProfile key={athlete.data.id} athlete={athlete.data} openedFrom={openedFrom} />;
  }
  return (
    <main id="main" className="page container coach-page">
      <div className="page-bar">
        <BackLink />
        {list && athleteId && <CoachListStepper list={list} athleteId={athleteId} />}
        {group && <GroupStepper group={group} />}
      </div>
      {body}
    </main>
  );
}

interface Neighbour {
  id: string;
  name: string;
}

/** Where a player is in the list: their place, and the players before and after them. */
interface ListPlace {
  athleteId: string;
  place: number;
  count: number;
  more: boolean;
  previous?: Neighbour;
  next?: Neighbour;
}

const neighbour = (m: RankedMatch | undefined): Neighbour | undefined => (m ? { id: m.athlete.id, name: m.athlete.name } : undefined);

/**
 * Opened from a request's list: the previous and next players of that list as it was on screen,
 * and where this one stands in it. The list is the one already read (not read again); near its
 * end, the next page is read. A player declined on this page leaves the list: the stepper keeps
 * where they stood, so the coach steps on from there.
 */
function CoachListStepper({ list, athleteId }: { list: ListContext; athleteId: string }) {
  const players = useRequestMatches(list.requestId, list.view, list.filters, { refetchOnMount: false });
  const items = listedPlayers(players.data?.pages ?? []);
  const place = items.findIndex((m) => m.athlete.id === athleteId);
  const atEnd = place >= 0 && place === items.length - 1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = players;
  useEffect(() => {
    if (atEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [atEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const listed: ListPlace | null =
    place < 0
      ? null
      : { athleteId, place: place + 1, count: items.length, more: hasNextPage, previous: neighbour(items[place - 1]), next: neighbour(items[place + 1]) };
  const [stood, setStood] = useState<ListPlace | null>(null);
  // Kept by value (the list's arrays are new on every render).
  const listedKey = listed && JSON.stringify(listed);
  useEffect(() => {
    if (listedKey) setStood(JSON.parse(listedKey) as ListPlace);
  }, [listedKey]);
  const at = listed ?? (stood?.athleteId === athleteId ? stood : null);
  if (!at) return null;
  const values = { place: at.place, count: at.count };
  const withList = (player: Neighbour | undefined) => player && { ...player, state: listState(list) };
  return (
    <PlayerSteps
      place={at.more ? t('coachAthletePage.placeInListMore', values) : t('coachAthletePage.placeInList', values)}
      previous={withList(at.previous)}
      next={withList(at.next)}
    />
  );
}

/** Opened from a group of the coach's dashboard: the group's previous and next players, and where this one stands in it. */
function GroupStepper({ group: { players, at } }: { group: GroupContext }) {
  const inGroup = (to: number): StepTarget | undefined => (to >= 0 && to < players.length ? { ...players[to], state: groupState(players, to) } : undefined);
  return <PlayerSteps place={t('coachAthletePage.placeInList', { place: at + 1, count: players.length })} previous={inGroup(at - 1)} next={inGroup(at + 1)} />;
}

/** A neighbour to step to: their profile, opened with the state of the list or group it is in. */
type StepTarget = Neighbour & { state: unknown };

/** The coach's Previous / Next between the players of a list or a dashboard group. */
function PlayerSteps({ place, previous, next }: { place: string; previous?: StepTarget; next?: StepTarget }) {
  const step = (target: StepTarget, word: string, name: string): ListStep => ({ to: `/coach/athletes/${target.id}`, state: target.state, word, name });
  return (
    <ListStepper
      label={t('coachAthletePage.playersOfTheList')}
      place={place}
      previous={previous && step(previous, t('coachAthletePage.previousPlayer'), t('coachAthletePage.previousPlayerName', { name: previous.name }))}
      next={next && step(next, t('coachAthletePage.nextPlayer'), t('coachAthletePage.nextPlayerName', { name: next.name }))}
    />
  );
}

/**
 * Where the player stands in each of the coach's requests that lists them or has a match with
 * them, with the cards' own Match and Decline: the coach decides after reading the profile,
 * wherever it was opened from. The request of the list it was opened from comes first.
 */
function Standings({ athleteId, name, openedFrom }: { athleteId: string; name: string; openedFrom: string | undefined }) {
  const standings = useAthleteStandings(athleteId);
  let body;
  if (standings.isPending) {
    body = (
      <p className="muted" role="status">
        {t('coachAthletePage.loadingStandings')}
      </p>
    );
  } else if (standings.isError) {
    body = <LoadError title={t('coachAthletePage.standingsError')} message={standings.error.message} onRetry={() => void standings.refetch()} />;
  } else if (standings.data.standings.length === 0) {
    body = <p className="muted">{t('coachAthletePage.notInYourRequests')}</p>;
  } else {
    const rows = [...standings.data.standings].sort((a, b) => Number(b.requestId === openedFrom) - Number(a.requestId === openedFrom));
    body = (
      <ul className="plain-list standings-list">
        {rows.map((s) => (
          <li key={s.requestId} className="standing">
            <div>
              <Link to={`/coach-requests?request=${s.requestId}`} className="standing-request">
                {s.requestName}
              </Link>
              <p className="standing-facts">
                {s.score === null ? (
                  <span className="muted">{t('coachAthletePage.noLongerListed')}</span>
                ) : (
                  <strong>
                    <ScoreValue score={s.score} /> {t('coachAthletePage.match')}
                  </strong>
                )}
                <MatchStatusBadges match={s.match} />
              </p>
            </div>
            <div className="standing-moves">
              {s.match?.status === 'accepted' && <ThreadLink matchId={s.match.id} about={name} />}
              <MatchActions
                requestId={s.requestId}
                athleteId={athleteId}
                // Several requests, several Match buttons: each names its request to a screen reader.
                athleteName={rows.length > 1 ? t('coachAthletePage.nameForRequest', { name, request: s.requestName }) : name}
                match={s.match}
              />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="card standings" aria-labelledby="standings-title">
      <h2 id="standings-title">{t('coachAthletePage.yourRequests')}</h2>
      {body}
    </section>
  );
}

/** `openedFrom`: the request of the list or dashboard group the profile was opened from (its standing comes first). */
function AthleteProfile({ athlete: a, openedFrom }: { athlete: CoachAthlete; openedFrom: string | undefined }) {
  const [videoOpen, setVideoOpen] = useState(false);
  const highlights = athleteHighlights(a);
  const embed = youtubeEmbedUrl(a.highlightVideoUrl);
  const scale = GRADING_SCALES.find((s) => s.value === a.gradingScale);
  const height = heightText(a);

  return (
    <>
      <header className="athlete-hero card">
        <Avatar name={a.displayName} photoUrl={a.profilePhotoUrl} size="xl" />
        <div className="athlete-hero-body">
          {a.profileCompleted ? (
            <span className="badge badge-success">{t('coachAthletePage.profileComplete')}</span>
          ) : (
            <span className="badge badge-warn">{t('coachAthletePage.profileInProgress')}</span>
          )}
          <h1>{a.displayName}</h1>
          <p className="athlete-hero-meta">
            {[a.nationality, capitalize(a.gender), a.age !== undefined ? `${a.age} years` : null].filter(Boolean).join(' · ') ||
              t('coachAthletePage.detailsNotProvided')}
          </p>
          <p className="athlete-hero-meta">
            <strong>{a.primaryPosition ?? t('coachAthletePage.positionNotProvided')}</strong>
            {a.secondaryPosition && (
              <span className="muted">
                {' '}
                {t('coachAthletePage.also')} {a.secondaryPosition}
              </span>
            )}
            {a.leagueLevelLabel && <span className="muted"> · {a.leagueLevelLabel}</span>}
          </p>
          {highlights.length > 0 && (
            <ul className="highlights" aria-label={t('coachAthletePage.highlights')}>
              {highlights.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          )}
        </div>
        <div className="athlete-hero-actions">
          {a.highlightVideoUrl ? (
            <button type="button" className="btn btn-primary" onClick={() => setVideoOpen(true)}>
              {t('coachAthletePage.watchHighlightVideo')}
            </button>
          ) : (
            <span className="muted">{t('coachAthletePage.noHighlightVideo')}</span>
          )}
          {a.email && (
            <a className="btn btn-outline" href={`mailto:${a.email}`}>
              {t('coachAthletePage.emailAthlete')}
            </a>
          )}
        </div>
      </header>

      <Standings athleteId={a.id} name={a.displayName} openedFrom={openedFrom} />

      <NoteCard role="coach" athleteId={a.id} />

      <section className="card" aria-labelledby="facts-title">
        <h2 id="facts-title">{t('coachAthletePage.keyFacts')}</h2>
        <Facts
          items={[
            ['GPA', a.gpa?.toFixed(1)],
            ['Age', a.age],
            ['League', a.leagueLevelLabel],
            ['Height', height],
            ['Goals + assists last season', a.goalsAssistsLastSeason],
            ['English level', capitalize(a.englishLevel)],
          ]}
        />
      </section>

      <div className="athlete-grid">
        <section className="card" aria-labelledby="athletic-title">
          <h2 id="athletic-title">{t('coachAthletePage.athleticProfile')}</h2>
          <Facts
            items={[
              ['Primary position', a.primaryPosition],
              ['Secondary position', a.secondaryPosition],
              ['League', a.leagueLevelLabel],
              ['Height', height],
              ['Weight', weightText(a)],
              ['Goals + assists last season', a.goalsAssistsLastSeason],
              ['Video', a.hasVideo ? 'Yes' : 'No'],
              ['Stats or links', a.hasStats ? 'Yes' : 'No'],
            ]}
          />
        </section>

        <section className="card" aria-labelledby="academic-title">
          <h2 id="academic-title">{t('coachAthletePage.academicSnapshot')}</h2>
          <Facts
            items={[
              ['GPA (4.0 scale)', a.gpa?.toFixed(1)],
              ['Grading scale', scale ? (scale.value === 'custom' ? 'Custom (4.0 GPA)' : scale.label) : undefined],
              ['Academic average', a.gradingScale === 'custom' ? undefined : a.academicStanding],
              ['English level', capitalize(a.englishLevel)],
              ['Intended majors', a.intendedMajors.length ? listText(a.intendedMajors) : undefined],
              ['SAT', a.satScore],
              ['TOEFL', a.toeflScore],
            ]}
          />
        </section>

        <section className="card" aria-labelledby="contact-title">
          <h2 id="contact-title">{t('coachAthletePage.contactAndIdentity')}</h2>
          <Facts
            items={[
              [
                'Email',
                a.email && (
                  <a href={`mailto:${a.email}`}>
                    <EmailText email={a.email} />
                  </a>
                ),
              ],
              ['Phone', a.phone && <PhoneLink phone={a.phone} />],
              ['Agency partner', a.agency],
              ['Transfer status', a.isTransfer ? 'Currently at a U.S. college' : 'Not a transfer'],
              ['Nationality', a.nationality],
              ['Gender', capitalize(a.gender)],
            ]}
          />
        </section>

        <section className="card" aria-labelledby="fit-title">
          <h2 id="fit-title">{t('coachAthletePage.recruitingFit')}</h2>
          <Facts
            items={[
              ['Preferred regions', a.preferredUsRegions.length ? listText(a.preferredUsRegions) : undefined],
              ['Budget', a.estimatedBudget !== undefined ? formatBudget(a.estimatedBudget) : a.estimatedBudgetLabel],
              ['Start terms', a.targetStartTerms.length ? listText(inTermOrder(a.targetStartTerms)) : undefined],
              ['School size', a.schoolSizePreference === 'Any' ? 'No preference' : a.schoolSizePreference],
              ['Extras', a.playerExtras.length ? listText(a.playerExtras) : undefined],
              ['Profile created', formatDate(a.createdAt)],
              ['Last updated', formatDate(a.updatedAt)],
            ]}
          />
        </section>

        <section className="card" aria-labelledby="links-title">
          <h2 id="links-title">{t('coachAthletePage.externalProfiles')}</h2>
          {a.externalLinks.length === 0 ? (
            <p className="muted">{t('coachAthletePage.noExternalLinksProvided')}</p>
          ) : (
            <ul className="plain-list">
              {a.externalLinks.map((l) => (
                <li key={`${l.platform}-${l.url}`}>
                  <strong>{l.platform}:</strong>{' '}
                  <a href={l.url} target="_blank" rel="noopener noreferrer" className="break-all">
                    {hostOf(l.url)} <span className="sr-only">{t('coachAthletePage.opensInANewTab')}</span>↗
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      {videoOpen && a.highlightVideoUrl && (
        <Modal
          title={t('coachAthletePage.displaynameHighlightVideo', { displayName: a.displayName })}
          onClose={() => setVideoOpen(false)}
          size={embed ? 'lg' : 'sm'}
        >
          {embed ? (
            <div className="video-frame">
              <iframe
                src={embed}
                title={t('coachAthletePage.displaynameHighlightVideo2', { displayName: a.displayName })}
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
              />
            </div>
          ) : (
            <>
              <p>{t('coachAthletePage.videoHostedElsewhere', { host: hostOf(a.highlightVideoUrl) })}</p>
              <div className="modal-actions">
                <button type="button" className="btn btn-outline" onClick={() => setVideoOpen(false)}>
                  {t('coachAthletePage.cancel')}
                </button>
                <a className="btn btn-primary" href={a.highlightVideoUrl} target="_blank" rel="noopener noreferrer" onClick={() => setVideoOpen(false)}>
                  {t('coachAthletePage.openInANewTab')}
                </a>
              </div>
            </>
          )}
        </Modal>
      )}
    </>
  );
}
