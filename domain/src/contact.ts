import { z } from 'zod';
import { storedText } from './fields.ts';
import { CONTACT_SUBJECTS } from './reference.ts';

/** Contact form (spec sections 3 and 5). Messages are the spec's, word for word. */
export const contactMessageSchema = z
  .object({
    name: storedText({ error: 'Please let us know who we’re speaking with' })
      .trim()
      .min(1, 'Please let us know who we’re speaking with')
      .max(200, 'Name must be 200 characters or fewer'),
    email: storedText({ error: 'Your email helps us reply' }, 'Enter a valid email')
      .trim()
      .min(1, 'Your email helps us reply')
      .max(254, 'Enter a valid email')
      .pipe(z.email('Enter a valid email')),
    subject: z.enum(CONTACT_SUBJECTS, { error: 'Let us know why you’re reaching out' }),
    message: storedText({ error: 'Please include a brief message' })
      .trim()
      .min(1, 'Please include a brief message')
      .max(5000, 'Message must be 5000 characters or fewer'),
  })
  .strict();

export type ContactMessage = z.infer<typeof contactMessageSchema>;
