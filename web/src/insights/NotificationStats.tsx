import { i18n } from '../i18n/index.ts';
import { NOTIFICATION_KIND_LABELS } from '@app/domain';
import type { NotificationInsights } from './api/fetchInsights.ts';
import { BarChart } from './BarChart.tsx';
import { StatTiles } from './StatTiles.tsx';

/** Texts of the `insights` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'insights');

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** '2026-11-23' -> 'Nov 23' (the day is a UTC calendar day). */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** The console's notification figures: sent by kind (in-app and email), emails suppressed, messages per day. */
export function NotificationStats({ stats }: { stats: NotificationInsights }) {
  const totalInApp = stats.sentByKind.reduce((sum, row) => sum + row.inApp, 0);
  const totalEmails = stats.sentByKind.reduce((sum, row) => sum + row.emails, 0);
  const totalMessages = stats.messagesPerDay.reduce((sum, row) => sum + row.count, 0);
  const tiles: Array<[string, number]> = [
    ['In-app notifications', totalInApp],
    ['Emails sent', totalEmails],
    ['Emails suppressed by settings', stats.emailsSuppressed],
    ['Messages, last 14 days', totalMessages],
  ];
  return (
    <section className="stack insights-notifications" aria-labelledby="notifications-title">
      <h2 id="notifications-title">{t('notificationStats.notificationsAndMessages')}</h2>
      <StatTiles tiles={tiles} />
      <div className="insights-charts">
        <section className="card" aria-labelledby="sent-by-kind-title">
          <h3 id="sent-by-kind-title">{t('notificationStats.sentByKind')}</h3>
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="sent-by-kind-title">
            <table className="insights-table kinds-table">
              <thead>
                <tr>
                  <th scope="col">{t('notificationStats.kind')}</th>
                  <th scope="col">{t('notificationStats.inApp')}</th>
                  <th scope="col">{t('notificationStats.emails')}</th>
                </tr>
              </thead>
              <tbody>
                {stats.sentByKind.map((row) => (
                  <tr key={row.kind}>
                    <th scope="row">{NOTIFICATION_KIND_LABELS[row.kind] ?? row.kind}</th>
                    <td data-label="In-app">{row.inApp}</td>
                    <td data-label="Emails">{row.emails}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <BarChart
          title={t('notificationStats.messagesPerDay')}
          bars={stats.messagesPerDay.map((row) => ({ label: dayLabel(row.day), value: row.count }))}
          emptyText={t('notificationStats.noMessagesYet')}
        />
      </div>
    </section>
  );
}
