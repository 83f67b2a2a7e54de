import { createStore } from './store';

export interface Message {
  title?: string;
  /** Already translated text; shown as plain text, never as HTML. */
  body: string;
}

/** The global message dialog: one message at a time, newest wins. */
export const messageStore = createStore<Message | null>(null);

export function showMessage(message: Message): void {
  messageStore.set(message);
}

export function closeMessage(): void {
  messageStore.set(null);
}
