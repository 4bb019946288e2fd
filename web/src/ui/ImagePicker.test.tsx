// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImagePicker, type PickedImage } from './ImagePicker.tsx';

/**
 * jsdom decodes no image: each `new Image()` waits until the test says whether it decoded
 * (`decoded()` / `undecodable()`), so a Save can be pressed while a picked file is being read.
 */
let settleDecode: ((ok: boolean) => void)[] = [];
const decoded = () => settleDecode.splice(0).forEach((settle) => settle(true));
const undecodable = () => settleDecode.splice(0).forEach((settle) => settle(false));

class PendingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_url: string) {
    settleDecode.push((ok) => (ok ? this.onload?.() : this.onerror?.()));
  }
}

beforeEach(() => {
  settleDecode = [];
  vi.stubGlobal('Image', PendingImage);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A form with a logo picker (inside it, or outside and tied by the form's id) that records what each submit sent. */
function LogoForm({ sent, outside = false }: { sent: Array<string | null>; outside?: boolean }) {
  const [logo, setLogo] = useState<PickedImage | null>(null);
  const picker = <ImagePicker label="University logo" value={logo} onChange={setLogo} form={outside ? 'profile' : undefined} />;
  return (
    <>
      {outside && picker}
      <form
        id="profile"
        onSubmit={(event) => {
          event.preventDefault();
          sent.push(logo?.base64 ?? null);
        }}
      >
        {!outside && picker}
        <button type="submit">Save profile</button>
      </form>
    </>
  );
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
const pressSave = () => fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Renders the form, picks a logo and presses Save while it is being read; nothing is sent yet. */
async function saveWhileReading(outside = false): Promise<Array<string | null>> {
  const sent: Array<string | null> = [];
  render(<LogoForm sent={sent} outside={outside} />);
  fireEvent.change(screen.getByLabelText('University logo'), { target: { files: [png()] } });
  await waitFor(() => expect(settleDecode).toHaveLength(1));
  pressSave();
  expect(sent).toEqual([]);
  return sent;
}

describe('ImagePicker inside a form', () => {
  it('holds a Save pressed while the picked image is being read, then sends the form with the image', async () => {
    const sent = await saveWhileReading();
    decoded();
    await waitFor(() => expect(sent).toEqual(['iVBORw==']));
    // Held once, sent once.
    await settled();
    expect(sent).toEqual(['iVBORw==']);
  });

  it('holds the Save of the form it is tied to by id, from outside that form (the coach profile’s header photo)', async () => {
    const sent = await saveWhileReading(true);
    decoded();
    await waitFor(() => expect(sent).toEqual(['iVBORw==']));
  });

  it('sends at once when no image is being read', () => {
    const sent: Array<string | null> = [];
    render(<LogoForm sent={sent} />);
    pressSave();
    expect(sent).toEqual([null]);
  });

  it('does not send the held Save when the image cannot be read: the picker says why', async () => {
    const sent = await saveWhileReading();
    undecodable();
    expect(await screen.findByText('Unable to read image')).toBeTruthy();
    await settled();
    expect(sent).toEqual([]);
    // The next Save is the user's own, and goes.
    pressSave();
    expect(sent).toEqual([null]);
  });
});
