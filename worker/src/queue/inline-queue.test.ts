import { describe, expect, it } from 'vitest';
import { createInlineQueue } from './inline-queue.ts';

describe('inline queue', () => {
  it('runs index jobs before other jobs waiting, and each kind in the order added', async () => {
    const ran: string[] = [];
    const record = async (data: Record<string, unknown>) => {
      ran.push(String(data.label));
    };
    const queue = createInlineQueue({ 'notify.share': record, 'index.athlete': record, 'index.request': record });
    await queue.add('notify.share', { label: 'mail 1' });
    await queue.add('notify.share', { label: 'mail 2' });
    await queue.add('index.athlete', { label: 'athlete' });
    await queue.addBulk([
      { name: 'notify.share', data: { label: 'mail 3' } },
      { name: 'index.request', data: { label: 'request' } },
    ]);
    await queue.whenIdle();
    expect(ran).toEqual(['athlete', 'request', 'mail 1', 'mail 2', 'mail 3']);
    await queue.close();
  });
});
