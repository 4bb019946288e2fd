// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/client.ts';
import { TextField } from './form.tsx';
import { flattenErrors, useSmallForm, useZodForm } from './useZodForm.tsx';

afterEach(cleanup);

describe('flattenErrors', () => {
  it("gives react-hook-form's nested errors as dotted field paths, first message each", () => {
    const errors = {
      phone: { type: 'validate', message: 'Phone number is required' },
      externalLinks: { 0: { url: { type: 'validate', message: 'Enter a valid URL' } } },
      positions: { message: 'Select at least one primary position', type: 'validate', root: { type: 'validate', message: 'later' } },
    };
    expect(flattenErrors(errors as never)).toEqual({
      phone: 'Phone number is required',
      'externalLinks.0.url': 'Enter a valid URL',
      positions: 'Select at least one primary position',
    });
  });
});

/** A union with its own message: the one message a person should see for a wrong choice. */
const schema = z.object({
  size: z.union([z.literal(''), z.enum(['Small', 'Large'])], { error: 'Select from the list' }),
  age: z.preprocess((v) => (v === '' ? undefined : Number(v)), z.number({ error: 'Age is required' }).max(40, 'Maximum is 40')),
});

/* eslint-disable react-hooks/refs -- the form's ref and field bindings are meant for JSX (the compiler's rule reads them as ref reads) */
function Probe({ onValid }: { onValid: (parsed: unknown) => void }) {
  const form = useZodForm({
    defaultValues: { size: 'Medium', age: '' },
    schema,
    check: (v): Record<string, string> => (v.age === '13' ? { age: 'Unlucky' } : {}),
  });
  return (
    <form ref={form.formRef} onSubmit={form.onSubmit(onValid)} noValidate>
      <TextField label="Size" {...form.bind('size')} />
      <TextField label="Age" {...form.bind('age')} />
      <button type="submit">Send</button>
    </form>
  );
}

function renderProbe() {
  const sent: unknown[] = [];
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <Probe onValid={(p) => sent.push(p)} /> }])} />);
  return sent;
}

describe('useZodForm', () => {
  it("shows the schema's own messages on submit (a union's, not a branch's), and each edit clears its field's", async () => {
    const sent = renderProbe();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Select from the list')).toBeTruthy();
    expect(screen.getByText('Age is required')).toBeTruthy();
    // No re-validation while typing: a still-wrong value shows nothing until the next submit.
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '99' } });
    await waitFor(() => expect(screen.queryByText('Age is required')).toBeNull());
    expect(screen.queryByText('Maximum is 40')).toBeNull();
    expect(screen.getByText('Select from the list')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("lets `check` name a field's message, and passes the schema's parsed output when valid", async () => {
    const sent = renderProbe();
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'Small' } });
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Unlucky')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ size: 'Small', age: 18 }]));
  });
});

function SmallProbe({ onValid }: { onValid: (parsed: unknown) => void }) {
  const { bind, parse, formRef } = useSmallForm({ size: 'Medium', age: '' });
  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parse(schema);
        if (parsed) onValid(parsed);
      }}
      noValidate
    >
      <TextField label="Size" {...bind('size')} />
      <TextField label="Age" {...bind('age')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useSmallForm', () => {
  it("shows the schema's first message per field on submit, clears a field's on its edit, and gives the parsed values when valid (no router needed)", () => {
    const sent: unknown[] = [];
    render(<SmallProbe onValid={(p) => sent.push(p)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Select from the list')).toBeTruthy();
    expect(screen.getByText('Age is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '99' } });
    expect(screen.queryByText('Age is required')).toBeNull();
    expect(screen.queryByText('Maximum is 40')).toBeNull();
    expect(screen.getByText('Select from the list')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'Large' } });
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ size: 'Large', age: 18 }]);
    expect(screen.queryByText('Select from the list')).toBeNull();
  });

  it("says a refused request at the field its code or its field errors name, else as the form's failure", () => {
    function RefusalProbe({ error }: { error: Error }) {
      const { bind, formRef, failure, sayRefusal } = useSmallForm({ size: '', age: '' });
      return (
        <form ref={formRef}>
          <TextField label="Size" {...bind('size')} />
          <TextField label="Age" {...bind('age')} />
          <button type="button" onClick={() => sayRefusal(error, { sizeGone: 'size' })}>
            Refuse
          </button>
          {failure && <p role="status">{failure}</p>}
        </form>
      );
    }
    const cases: Array<[Error, 'Size' | 'Age' | 'failure']> = [
      [new ApiError(400, 'That size is gone', undefined, { code: 'sizeGone' }), 'Size'],
      [new ApiError(400, 'Check the form', [{ path: 'age', message: 'Too old' }]), 'Age'],
      [new ApiError(429, 'Too many tries', undefined, { code: 'tooMany' }), 'failure'],
      [new Error('Network down'), 'failure'],
    ];
    for (const [error, where] of cases) {
      const { unmount } = render(<RefusalProbe error={error} />);
      fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
      const message = error instanceof ApiError && error.errors ? error.errors[0].message : error.message;
      const invalid = ['Size', 'Age'].filter((label) => screen.getByLabelText(label).getAttribute('aria-invalid') === 'true');
      if (where === 'failure') {
        expect(screen.getByRole('status').textContent).toBe(message);
        expect(invalid).toEqual([]);
      } else {
        expect(screen.queryByRole('status')).toBeNull();
        expect(invalid).toEqual([where]);
        expect(screen.getByRole('alert').textContent).toBe(message);
      }
      unmount();
    }
  });

  it('takes the user to the first field in error after a failed submit, and leaves the focus alone while they type', async () => {
    render(<SmallProbe onValid={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Size')));
    const age = screen.getByLabelText('Age');
    age.focus();
    fireEvent.change(age, { target: { value: '18' } });
    expect(document.activeElement).toBe(age);
  });
});

const draftSchema = z.object({ title: z.string().min(1, 'Title is required') });

function DraftProbe({ owner, onValid }: { owner: string; onValid?: () => void }) {
  const form = useZodForm({ defaultValues: { title: 'Saved title' }, schema: draftSchema, draft: { key: 'probe', owner } });
  return (
    <form ref={form.formRef} onSubmit={form.onSubmit(() => (onValid?.(), form.saved()))} noValidate>
      {form.draftNotice}
      <TextField label="Title" {...form.bind('title')} />
      <button type="submit">Save</button>
    </form>
  );
}

function renderDraftProbe(owner: string) {
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <DraftProbe owner={owner} /> }])} />);
  return screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' });
}

describe('useZodForm drafts', () => {
  afterEach(() => sessionStorage.clear());

  it('brings unsaved changes back when the form opens again for the same user, and says so', async () => {
    fireEvent.change(renderDraftProbe('user-1'), { target: { value: 'Typed before the session ended' } });
    cleanup();
    let title = renderDraftProbe('user-1');
    await waitFor(() => expect(title.value).toBe('Typed before the session ended'));
    expect(screen.getByRole('status').textContent).toContain('We brought back the changes you had not saved');
    // Still unsaved: kept for the next time too.
    cleanup();
    title = renderDraftProbe('user-1');
    await waitFor(() => expect(title.value).toBe('Typed before the session ended'));
  });

  it('keeps no draft of a form changed back to its saved values', () => {
    const title = renderDraftProbe('user-1');
    fireEvent.change(title, { target: { value: 'Typo' } });
    fireEvent.change(title, { target: { value: 'Saved title' } });
    cleanup();
    expect(renderDraftProbe('user-1').value).toBe('Saved title');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("does not show one user's draft to another", () => {
    fireEvent.change(renderDraftProbe('user-1'), { target: { value: 'Private' } });
    cleanup();
    expect(renderDraftProbe('user-2').value).toBe('Saved title');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('drops the draft when the changes are discarded, and when they are saved', async () => {
    fireEvent.change(renderDraftProbe('user-1'), { target: { value: 'Discard me' } });
    cleanup();
    let title = renderDraftProbe('user-1');
    await waitFor(() => expect(title.value).toBe('Discard me'));
    fireEvent.click(screen.getByRole('button', { name: 'Discard these changes' }));
    await waitFor(() => expect(title.value).toBe('Saved title'));
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    expect(renderDraftProbe('user-1').value).toBe('Saved title');
    cleanup();

    fireEvent.change(renderDraftProbe('user-1'), { target: { value: 'Saved now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sessionStorage.length).toBe(0));
    cleanup();
    title = renderDraftProbe('user-1');
    expect(title.value).toBe('Saved title');
  });
});
