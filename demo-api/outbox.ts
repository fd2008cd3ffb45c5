/** The outbox: every email and push the demo API would have sent, newest last. */
import type { OutboxDraft } from "./emails.ts";
import type { DemoData, OutboxMessage } from "./types.ts";

// Keeps the data file small when a test loops over forgot-password.
const OUTBOX_CAP = 1000;

/** Records a message in the outbox and returns it with its id and timestamp. */
export function deliver(data: DemoData, draft: OutboxDraft, now: Date = new Date()): OutboxMessage {
  const message: OutboxMessage = { id: data.counters.outbox++, ...draft, createdAt: now.toISOString() };
  data.outbox.push(message);
  if (data.outbox.length > OUTBOX_CAP) data.outbox.splice(0, data.outbox.length - OUTBOX_CAP);
  return message;
}

/** The outbox, optionally only the messages to one address (case-insensitive) or of one kind. */
export function listOutbox(data: DemoData, filter: { to?: string | null; kind?: string | null }): OutboxMessage[] {
  const to = filter.to?.trim().toLowerCase();
  return data.outbox.filter(
    (message) => (!to || message.to.toLowerCase() === to) && (!filter.kind || message.kind === filter.kind),
  );
}
