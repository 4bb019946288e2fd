import { accountDeletionSchema } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { API_BASE } from '../api/client.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { localizeMessage } from '../i18n/messages.ts';
import { ConfirmDialog } from '../ui/Modal.tsx';
import { useToast } from '../ui/toast.tsx';
import { useSmallForm } from '../ui/useZodForm.tsx';
import { AccountPage, CURRENT_PASSWORD_FIELD } from './AccountPage.tsx';
import { forgetSignedInUser, useSession } from './api.ts';
import { useDeleteAccount } from './api/deleteAccount.ts';
import { PasswordField } from './PasswordField.tsx';
import { ErrorNotice } from '../ui/states.tsx';

/** GET /api/account/export, downloaded as a file by the browser (the session cookie goes with it). */
export const ACCOUNT_EXPORT_HREF = `${API_BASE}/account/export`;

/**
 * /account-data: a signed-in user (any role) downloads a copy of what the product keeps about
 * their account (GDPR access and portability), or deletes the account for good (erasure).
 */
export default function AccountDataPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('accountData.title'));
  const role = useSession().data?.role;
  const holds = [
    t('accountData.holds.account'),
    ...(role === 'coach' ? [t('accountData.holds.requests')] : []),
    ...(role === 'coach' || role === 'agent' ? [t('accountData.holds.notes'), t('accountData.holds.savedViews')] : []),
    // An agent's matches are their athletes' (the hub), not theirs: only the conversations are.
    role === 'agent' ? t('accountData.holds.conversations') : t('accountData.holds.matches'),
    t('accountData.holds.notifications'),
    t('accountData.holds.sessions'),
    t('accountData.holds.pictures'),
  ];

  return (
    <AccountPage
      eyebrow={t('accountData.eyebrow')}
      title={t('accountData.title')}
      lead={<p className="lead">{t('accountData.lead')}</p>}
      back={t('accountData.back')}
    >
      <section className="card form account-download" aria-labelledby="account-data-holds">
        <h2 id="account-data-holds">{t('accountData.holdsTitle')}</h2>
        <ul>
          {holds.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <p>{t('accountData.leavesOut')}</p>
        <a className="btn btn-primary" href={ACCOUNT_EXPORT_HREF} download>
          {t('accountData.download')}
        </a>
      </section>
      <DeleteAccount />
    </AccountPage>
  );
}

/** Deleting the account: the current password, then a confirmation; the user lands on the home page, signed out. */
function DeleteAccount() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const toast = useToast();
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const { bind, parse, formRef, failure, setFailure, sayRefusal } = useSmallForm({ currentPassword: '' });
  const [confirming, setConfirming] = useState<{ currentPassword: string } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = parse(accountDeletionSchema);
    if (parsed) setConfirming(parsed);
  };
  /** Forgets the user (the page's sign-in guard then sends it away), then goes to the home page, signed out. */
  const leave = async (message: string) => {
    await forgetSignedInUser(queryClient);
    await navigate('/', { replace: true });
    toast.success(localizeMessage(message));
  };
  const onConfirm = () => {
    if (!confirming) return;
    remove.mutate(confirming, {
      onSuccess: (data) => void leave(data.message),
      onError: (error) => {
        setConfirming(null);
        sayRefusal(error, CURRENT_PASSWORD_FIELD);
      },
    });
  };

  return (
    <form ref={formRef} className="card form danger-zone" onSubmit={onSubmit} noValidate aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">{t('accountData.deleteTitle')}</h2>
      <p>{t('accountData.deleteLead')}</p>
      <PasswordField label={t('accountData.deletePassword')} autoComplete="current-password" {...bind('currentPassword')} />
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
      <button type="submit" className="btn btn-danger">
        {t('accountData.delete')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('accountData.confirmTitle')}
          message={t('accountData.confirmMessage')}
          confirmLabel={t('accountData.delete')}
          pendingLabel={t('accountData.deleting')}
          pending={remove.isPending}
          danger
          onConfirm={onConfirm}
          onCancel={() => setConfirming(null)}
        />
      )}
    </form>
  );
}
