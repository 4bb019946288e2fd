// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest, type FakeReply } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import ChangePasswordPage from './ChangePasswordPage.tsx';

const passwordReplies: FakeReply[] = [];
const { calls } = fakeFetchPerTest((call) =>
  call.url.endsWith('/session')
    ? { status: 200, body: { user: { id: 'a1', role: 'athlete', email: 'ana@example.com' } } }
    : (passwordReplies.shift() ?? { status: 500, body: {} }),
);
const puts = () => calls.filter((c) => c.method === 'PUT');

function renderPage() {
  passwordReplies.length = 0;
  renderRoutes([{ path: '/account-password', element: <ChangePasswordPage /> }], '/account-password');
  return {
    current: screen.getByLabelText<HTMLInputElement>('Current password'),
    password: screen.getByLabelText<HTMLInputElement>('New password'),
    confirm: screen.getByLabelText<HTMLInputElement>('Confirm new password'),
    submit: screen.getByRole('button', { name: 'Change password' }),
  };
}

describe('change password page', () => {
  it('asks for the current password first, at its field, and sends nothing', async () => {
    const { current, password, confirm, submit } = renderPage();
    fireEvent.change(password, { target: { value: 'fresh-pass-1' } });
    fireEvent.change(confirm, { target: { value: 'fresh-pass-1' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(puts()).toEqual([]);
  });

  it('says a wrong current password at its field, and clears the form once the change is made', async () => {
    const { current, password, confirm, submit } = renderPage();
    fireEvent.change(current, { target: { value: 'not-it' } });
    fireEvent.change(password, { target: { value: 'fresh-pass-1' } });
    fireEvent.change(confirm, { target: { value: 'fresh-pass-1' } });
    passwordReplies.push({ status: 400, body: { message: 'Your current password is not correct', code: 'currentPasswordWrong' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Your current password is not correct')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(puts()[0]).toMatchObject({
      url: '/api/account/password',
      body: { currentPassword: 'not-it', password: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' },
    });

    fireEvent.change(current, { target: { value: 'the-right-one' } });
    passwordReplies.push({ status: 200, body: { message: 'Your password has been changed. You stay signed in here; your other devices were signed out.' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Your password has been changed. You stay signed in here; your other devices were signed out.')).toBeTruthy();
    await waitFor(() => expect(current.value).toBe(''));
    expect(password.value).toBe('');
    expect(confirm.value).toBe('');
  });

  it('signs out every other device on its own, without a new password', async () => {
    renderPage();
    passwordReplies.push({ status: 200, body: { message: 'You are now signed out on every other device.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('You are now signed out on every other device.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ url: '/api/account/sessions/end-others' })]);
    expect(puts()).toEqual([]);
  });

  it('says why when the other devices could not be signed out', async () => {
    renderPage();
    passwordReplies.push({ status: 500, body: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Unable to sign out your other devices. Please try again.');
  });
});
