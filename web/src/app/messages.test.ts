import { describe, expect, it } from 'vitest';
import type { MessageInstance } from 'antd/es/message/interface';
import { clearShown, showOnly } from './messages';

/** A message API that records what is opened and destroyed. */
function recorder() {
  const calls: string[] = [];
  const message = {
    open: (config: { key?: string; content?: unknown }) => {
      calls.push(`open ${config.key} ${String(config.content)}`);
    },
    destroy: (key?: string) => {
      calls.push(`destroy ${key}`);
    },
  } as unknown as MessageInstance;
  return { calls, message };
}

describe('showOnly', () => {
  it('replaces the message of a channel, each under a key never opened before, and leaves other channels alone', () => {
    const { calls, message } = recorder();
    showOnly(message, 'editor', { content: 'Guardado' });
    showOnly(message, 'links', { content: 'Asociado' });
    showOnly(message, 'editor', { content: 'Guardado' });
    clearShown(message, 'editor');
    const [first, second] = calls.filter((c) => c.startsWith('open editor')).map((c) => c.split(' ')[1]);
    expect(first).not.toBe(second);
    expect(calls).toEqual([
      expect.stringMatching(/^open editor-\d+ Guardado$/),
      expect.stringMatching(/^open links-\d+ Asociado$/),
      `destroy ${calls[0].split(' ')[1]}`,
      expect.stringMatching(/^open editor-\d+ Guardado$/),
      `destroy ${calls[3].split(' ')[1]}`,
    ]);
  });
});
