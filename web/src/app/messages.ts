import type { MessageInstance, ArgsProps } from 'antd/es/message/interface';

/** The key of the message each channel shows now. */
const shown = new Map<string, string>();
let opened = 0;

/**
 * Shows `config` as the channel's message, in place of the one it shows (MACH-025: an editor's
 * messages are exclusive). Each message gets a key of its own: antd (@rc-component/notification
 * 2.1) leaves a message on screen for good when its key is opened again while it is leaving, as
 * a second save about 3 s after the first did.
 */
export function showOnly(message: MessageInstance, channel: string, config: Omit<ArgsProps, 'key'>) {
  const previous = shown.get(channel);
  if (previous) message.destroy(previous);
  const key = `${channel}-${++opened}`;
  shown.set(channel, key);
  void message.open({ ...config, key });
}

/** Takes the channel's message away. */
export function clearShown(message: MessageInstance, channel: string) {
  const key = shown.get(channel);
  if (key) message.destroy(key);
}
