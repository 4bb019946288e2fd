import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, MESSAGES } from '@app/domain';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveImageUrl } from '../api/client.ts';
import { describedBy, FieldMessages } from './form.tsx';
import './widgets.css';

/** An image chosen by the user, ready to send as base64 + mime (decision P3). */
export interface PickedImage {
  base64: string;
  mime: string;
  /** An object URL for the preview. */
  previewUrl: string;
}

/** Checks and reads an image file: 5 MB at most ('Image must be 5MB or less'), a JPEG, PNG or WebP the browser can decode ('Unable to read image'). */
export async function readImageFile(file: File): Promise<PickedImage> {
  if (file.size > IMAGE_MAX_BYTES) throw new Error(MESSAGES.imageTooLarge);
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) throw new Error(MESSAGES.unreadableImage);
  const previewUrl = URL.createObjectURL(file);
  try {
    await decodes(previewUrl);
    const base64 = await toBase64(file);
    return { base64, mime: file.type, previewUrl };
  } catch {
    URL.revokeObjectURL(previewUrl);
    throw new Error(MESSAGES.unreadableImage);
  }
}

function decodes(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('decode'));
    img.src = url;
  });
}

function toBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

/**
 * A photo or logo upload with a preview. Shows the current image (`currentUrl`) until a new one
 * is picked; reports the picked image (or null when removed) through `onChange`. Inside a form, or
 * tied to one by its id (`form`), a submit waits while a picked file is being read.
 */
export function ImagePicker({
  label,
  value,
  currentUrl,
  onChange,
  placeholder,
  shape = 'round',
  hint,
  form,
}: {
  label: string;
  value: PickedImage | null;
  currentUrl?: string | null;
  onChange: (image: PickedImage | null) => void;
  placeholder?: ReactNode;
  shape?: 'round' | 'square';
  hint?: string;
  /** The id of the form this picker belongs to when it is not inside it. */
  form?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  /** The enclosing form was submitted while the picked file was being read: submit it again once read. */
  const [submitHeld, setSubmitHeld] = useState(false);
  const shown = value?.previewUrl ?? resolveImageUrl(currentUrl);

  // Reading a photo (decoding, base64) takes a moment, longer on a phone. A Save pressed meanwhile
  // would send the form without it, and say "saved": the submit waits for the image instead. The
  // listener runs before React's (at the form, in the capture phase; React listens at the root).
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!reading || !form) return;
    const hold = (event: Event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      setSubmitHeld(true);
    };
    form.addEventListener('submit', hold, { capture: true });
    return () => form.removeEventListener('submit', hold, { capture: true });
  }, [reading]);
  // Once read (the image is in the form's state by now), the held submit goes ahead; if the file
  // could not be read, it does not: the picker shows why, and the user decides.
  useEffect(() => {
    if (reading || !submitHeld) return;
    setSubmitHeld(false);
    if (!error) inputRef.current?.form?.requestSubmit();
  }, [reading, submitHeld, error]);

  useEffect(
    () => () => {
      if (value?.previewUrl) URL.revokeObjectURL(value.previewUrl);
    },
    [value?.previewUrl],
  );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setReading(true);
    try {
      onChange(await readImageFile(file));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setReading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <div className={`image-picker ${error ? 'field-invalid' : ''}`}>
      <div className={`image-picker-preview image-picker-${shape}`} aria-hidden={!shown}>
        {shown ? (
          <img src={shown} alt={t('imagePicker.preview', { label })} />
        ) : (
          <span className="image-picker-empty">{placeholder ?? t('imagePicker.noImage')}</span>
        )}
      </div>
      <div className="image-picker-body">
        <p id={`${id}-label`} className="field-label image-picker-label">
          {label}
        </p>
        <div className="image-picker-actions">
          <label className="btn btn-outline btn-sm image-picker-button">
            {reading ? t('imagePicker.reading') : shown ? t('imagePicker.change') : t('imagePicker.upload')}
            <input
              ref={inputRef}
              id={id}
              form={form}
              type="file"
              accept={IMAGE_MIME_TYPES.join(',')}
              className="image-picker-input"
              aria-labelledby={`${id}-label`}
              aria-describedby={describedBy(id, hint ?? t('imagePicker.hint'), error)}
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          </label>
          {value && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(null)}>
              {t('imagePicker.undo')}
            </button>
          )}
        </div>
        <FieldMessages id={id} hint={hint ?? t('imagePicker.hint')} error={error} />
      </div>
    </div>
  );
}
