// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest, type FakeReply } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import ChangeEmailPage from './ChangeEmailPage.tsx';

const replies: FakeReply[] = [];
let sessionEmail = 'ana@example.com';
const { calls } = fakeFetchPerTest((call) =>
  call.url.endsWith('/session')
    ? { status: 200, body: { user: { id: 'a1', role: 'athlete', email: sessionEmail } } }
    : (replies.shift() ?? { status: 500, body: {} }),
);
const sent = () => calls.filter((c) => c.method !== 'GET');
/** The line naming the sign-in email (the address is split where it may wrap). */
const signInLine = (email: string) => screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === `You sign in with ${email}`);

async function renderPage() {
  replies.length = 0;
  sessionEmail = 'ana@example.com';
  renderRoutes([{ path: '/account-email', element: <ChangeEmailPage /> }], '/account-email');
  expect(await signInLine('ana@example.com')).toBeTruthy();
  return {
    email: screen.getByLabelText<HTMLInputElement>('New email'),
    current: screen.getByLabelText<HTMLInputElement>('Current password'),
    code: screen.getByLabelText<HTMLInputElement>('Verification code'),
    send: screen.getByRole('button', { name: 'Send' }),
    submit: screen.getByRole('button', { name: 'Change email' }),
  };
}

describe('change email page', () => {
  it('asks for the new email and the current password before sending a code, and sends nothing', async () => {
    const { email, current, send } = await renderPage();
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(send);
    expect(await screen.findByText('Enter your new email and current password before requesting a code.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email')).toBeTruthy();
    expect(screen.getByText('Enter your current password')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(sent()).toEqual([]);
  });

  it('says a wrong current password at its field, then sends the code and changes the email', async () => {
    const { email, current, code, send, submit } = await renderPage();
    fireEvent.change(email, { target: { value: 'Ana.New@Example.com' } });
    fireEvent.change(current, { target: { value: 'not-it' } });
    replies.push({ status: 400, body: { message: 'Your current password is not correct', code: 'currentPasswordWrong' } });
    fireEvent.click(send);
    expect(await screen.findByText('Your current password is not correct')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(sent()[0]).toMatchObject({ url: '/api/account/email/code', method: 'POST', body: { email: 'ana.new@example.com', currentPassword: 'not-it' } });

    fireEvent.change(current, { target: { value: 'the-right-one' } });
    replies.push({ status: 200, body: { message: 'Check your new email: we sent it a code to confirm the change.' } });
    fireEvent.click(send);
    expect(await screen.findByText('Check your new email: we sent it a code to confirm the change.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy();

    fireEvent.change(code, { target: { value: '123456' } });
    replies.push({
      status: 400,
      body: { message: 'That verification code is not correct. 4 tries left.', code: 'codeWrong', values: { count: 4, unit: 'tries' } },
    });
    fireEvent.click(submit);
    expect(await screen.findByText('That verification code is not correct. 4 tries left.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(code));

    fireEvent.change(code, { target: { value: '654321' } });
    sessionEmail = 'ana.new@example.com';
    replies.push({
      status: 200,
      body: {
        message: 'Your email has been changed. Sign in with your new address from now on.',
        user: { id: 'a1', role: 'athlete', email: 'ana.new@example.com' },
      },
    });
    fireEvent.click(submit);
    expect(await screen.findByText('Your email has been changed. Sign in with your new address from now on.')).toBeTruthy();
    expect(sent().at(-1)).toMatchObject({
      url: '/api/account/email',
      method: 'PUT',
      body: { email: 'ana.new@example.com', currentPassword: 'the-right-one', verificationCode: '654321' },
    });
    // The page now names the new sign-in email, and the form is empty again.
    expect(await signInLine('ana.new@example.com')).toBeTruthy();
    await waitFor(() => expect(email.value).toBe(''));
    expect(current.value).toBe('');
    expect(code.value).toBe('');
  });
});
