import { i18n } from '../i18n/index.ts';
import { inTermOrder, insightsLoginSchema, type InsightsLogin } from '@app/domain';
import { useReducer, useRef, type FormEvent } from 'react';
import { TextField } from '../ui/form.tsx';
import { useSmallForm } from '../ui/useZodForm.tsx';
import { formatDate } from '../ui/format.ts';
import { fetchInsights, type Insights } from './api/fetchInsights.ts';
import { BarChart } from './BarChart.tsx';
import { NotificationStats } from './NotificationStats.tsx';
import { StatTiles } from './StatTiles.tsx';
import './insights.css';
import { ErrorNotice } from '../ui/states.tsx';

/** Texts of the `insights` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'insights');

export const SIGN_IN_FALLBACK = 'Unable to authenticate.';
export const REFRESH_FALLBACK = 'Unable to refresh data.';

/**
 * signed-out -> authenticating -> signed-in (spec section 4). The credentials and the figures
 * live in this state only, never in storage; signing out drops both.
 */
type State =
  | { status: 'signed-out'; error?: string }
  | { status: 'authenticating' }
  | { status: 'signed-in'; credentials: InsightsLogin; data: Insights; refreshing: boolean; refreshError?: string };

type Action =
  | { type: 'authenticate' }
  | { type: 'authenticated'; credentials: InsightsLogin; data: Insights }
  | { type: 'failed'; error: string }
  | { type: 'refresh' }
  | { type: 'refreshed'; data: Insights }
  | { type: 'refresh-failed'; error: string }
  | { type: 'sign-out' };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'authenticate':
      return { status: 'authenticating' };
    case 'authenticated':
      return { status: 'signed-in', credentials: action.credentials, data: action.data, refreshing: false };
    case 'failed':
      return { status: 'signed-out', error: action.error };
    case 'refresh':
      return state.status === 'signed-in' ? { ...state, refreshing: true, refreshError: undefined } : state;
    case 'refreshed':
      return state.status === 'signed-in' ? { ...state, data: action.data, refreshing: false } : state;
    case 'refresh-failed':
      return state.status === 'signed-in' ? { ...state, refreshing: false, refreshError: action.error } : state;
    case 'sign-out':
      return { status: 'signed-out' };
  }
}

/** /support/insights: the internal console (decision A5). */
export default function InsightsPage() {
  const [state, dispatch] = useReducer(reducer, { status: 'signed-out' });
  // Bumped at sign-out, so an answer that arrives afterwards is dropped.
  const session = useRef(0);

  const signIn = async (credentials: InsightsLogin) => {
    const current = ++session.current;
    dispatch({ type: 'authenticate' });
    try {
      const data = await fetchInsights(credentials);
      if (current === session.current) dispatch({ type: 'authenticated', credentials, data });
    } catch (error) {
      if (current === session.current) dispatch({ type: 'failed', error: (error as Error).message || SIGN_IN_FALLBACK });
    }
  };

  const refresh = async () => {
    if (state.status !== 'signed-in') return;
    const current = session.current;
    dispatch({ type: 'refresh' });
    try {
      const data = await fetchInsights(state.credentials);
      if (current === session.current) dispatch({ type: 'refreshed', data });
    } catch (error) {
      if (current === session.current) dispatch({ type: 'refresh-failed', error: (error as Error).message || REFRESH_FALLBACK });
    }
  };

  const signOut = () => {
    session.current += 1;
    dispatch({ type: 'sign-out' });
  };

  return (
    <main id="main" className="page container insights-page">
      {state.status === 'signed-in' ? (
        <Dashboard data={state.data} refreshing={state.refreshing} refreshError={state.refreshError} onRefresh={() => void refresh()} onSignOut={signOut} />
      ) : (
        <SignInForm
          authenticating={state.status === 'authenticating'}
          error={state.status === 'signed-out' ? state.error : undefined}
          onSubmit={(c) => void signIn(c)}
        />
      )}
    </main>
  );
}

function SignInForm({ authenticating, error, onSubmit }: { authenticating: boolean; error?: string; onSubmit: (credentials: InsightsLogin) => void }) {
  const { setValues, bind, parse, formRef } = useSmallForm({ username: '', password: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credentials = parse(insightsLoginSchema);
    if (!credentials) return;
    // The password leaves the form: the console keeps it only to sign its own calls.
    setValues((v) => ({ ...v, password: '' }));
    onSubmit(credentials);
  };

  return (
    <div className="insights-login">
      <header className="page-header">
        <p className="eyebrow">{t('insightsPage.internal')}</p>
        <h1>{t('insightsPage.insightsConsole')}</h1>
        <p className="lead">{t('insightsPage.platformFiguresForTheTeam')}</p>
      </header>
      <form ref={formRef} className="card form" onSubmit={submit} noValidate aria-labelledby="insights-login-title" aria-busy={authenticating}>
        <h2 id="insights-login-title">{t('insightsPage.unlockInsights')}</h2>
        <TextField label={t('insightsPage.username')} autoComplete="username" disabled={authenticating} {...bind('username')} />
        <TextField label={t('insightsPage.password')} type="password" autoComplete="current-password" disabled={authenticating} {...bind('password')} />
        {error && <ErrorNotice>{error}</ErrorNotice>}
        <button type="submit" className="btn btn-primary" disabled={authenticating}>
          {authenticating ? t('insightsPage.unlocking') : t('insightsPage.unlockInsights')}
        </button>
      </form>
    </div>
  );
}

const gpaText = (gpa: number | null) => (gpa === null ? '—' : gpa.toFixed(2));

function Dashboard({
  data,
  refreshing,
  refreshError,
  onRefresh,
  onSignOut,
}: {
  data: Insights;
  refreshing: boolean;
  refreshError?: string;
  onRefresh: () => void;
  onSignOut: () => void;
}) {
  const { summary, leagueDistribution, regionPreferences } = data.stats;
  const tiles: Array<[string, string]> = [
    ['Athletes', String(summary.totalAthletes)],
    ['Coaches', String(summary.totalCoaches)],
    ['Active briefs', String(summary.totalRequests)],
    ['Average GPA', gpaText(summary.averageGpa)],
  ];
  return (
    <div className="stack insights-dashboard" aria-busy={refreshing}>
      <header className="insights-header">
        <div>
          <p className="eyebrow">{t('insightsPage.internal')}</p>
          <h1>{t('insightsPage.insightsConsole')}</h1>
        </div>
        <div className="insights-actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRefresh} disabled={refreshing}>
            {refreshing ? t('insightsPage.refreshing') : t('insightsPage.refreshData')}
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={onSignOut}>
            {t('insightsPage.signOut')}
          </button>
        </div>
      </header>
      {refreshError && <ErrorNotice>{refreshError}</ErrorNotice>}

      <section aria-labelledby="totals-title">
        <h2 id="totals-title" className="sr-only">
          {t('insightsPage.totals')}
        </h2>
        <StatTiles tiles={tiles} />
      </section>

      <div className="insights-charts">
        <BarChart title={t('insightsPage.leagueDistribution')} bars={leagueDistribution.map((b) => ({ label: b._id, value: b.count }))} />
        <BarChart
          title={t('insightsPage.preferredRegions')}
          bars={regionPreferences.map((b) => ({ label: b._id, value: b.count }))}
          emptyText={t('insightsPage.noRegionPreferencesYet')}
        />
      </div>

      {data.stats.notifications && <NotificationStats stats={data.stats.notifications} />}

      <section className="card" aria-labelledby="newest-athletes-title">
        <h2 id="newest-athletes-title">{t('insightsPage.newestAthletes')}</h2>
        {data.athletes.length === 0 ? (
          <p className="muted">{t('insightsPage.noAthletesYet')}</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="newest-athletes-title">
            <table className="insights-table">
              <thead>
                <tr>
                  <th scope="col">{t('insightsPage.name')}</th>
                  <th scope="col">{t('insightsPage.position')}</th>
                  <th scope="col">{t('insightsPage.league')}</th>
                  <th scope="col">GPA</th>
                  <th scope="col">{t('insightsPage.agency')}</th>
                  <th scope="col">{t('insightsPage.profile')}</th>
                  <th scope="col">{t('insightsPage.joined')}</th>
                </tr>
              </thead>
              <tbody>
                {data.athletes.map((a) => (
                  <tr key={a.id}>
                    <th scope="row">
                      {a.fullName}
                      {a.nationality && <span className="cell-sub">{a.nationality}</span>}
                    </th>
                    <td data-label="Position">{a.primaryPosition ?? '—'}</td>
                    <td data-label="League">{a.leagueLevelLabel ?? '—'}</td>
                    <td data-label="GPA">{a.gpa === null ? '—' : a.gpa.toFixed(1)}</td>
                    <td data-label="Agency">{a.agency ?? '—'}</td>
                    <td data-label="Profile">
                      {a.profileCompleted ? (
                        <span className="badge badge-success">{t('insightsPage.complete')}</span>
                      ) : (
                        <span className="badge badge-warn">{t('insightsPage.inProgress')}</span>
                      )}
                    </td>
                    <td data-label="Joined">{formatDate(a.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="latest-briefs-title">
        <h2 id="latest-briefs-title">{t('insightsPage.latestBriefs')}</h2>
        {data.requests.length === 0 ? (
          <p className="muted">{t('insightsPage.noActiveBriefsYet')}</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="latest-briefs-title">
            <table className="insights-table">
              <thead>
                <tr>
                  <th scope="col">{t('insightsPage.program')}</th>
                  <th scope="col">{t('insightsPage.position')}</th>
                  <th scope="col">{t('insightsPage.team')}</th>
                  <th scope="col">{t('insightsPage.start')}</th>
                  <th scope="col">{t('insightsPage.budget')}</th>
                  <th scope="col">{t('insightsPage.created')}</th>
                </tr>
              </thead>
              <tbody>
                {data.requests.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">
                      {r.programName ?? t('insightsPage.programNotNamed')}
                      {r.urgent && <span className="badge badge-danger urgent">{t('insightsPage.urgent')}</span>}
                      <span className="cell-sub">{[r.coachName, r.division].filter(Boolean).join(' · ')}</span>
                    </th>
                    <td data-label="Position">{r.positions.join(', ') || t('insightsPage.any')}</td>
                    <td data-label="Team">{r.teamCategories.join(', ') || t('insightsPage.any')}</td>
                    <td data-label="Start">{inTermOrder(r.targetStartTerms).join(', ') || t('insightsPage.flexible')}</td>
                    <td data-label="Budget">{r.estimatedBudget || '—'}</td>
                    <td data-label="Created">{formatDate(r.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
