import { z } from 'zod';
import { optionalPlainText } from './text';

/**
 * @-mentions in task comments and CRM activity notes (issue 33).
 *
 * A mention is stored in the text itself as `@[Ada Lovelace](user:<uuid>)`: it stays where it
 * was written, survives copying the text elsewhere, and needs no second table kept in step with
 * the text. The server rewrites every such link when the text is saved (platform/mentions.ts):
 * one naming a person who may read the record gets their current name, any other becomes plain
 * text, so a stored mention is always one the server checked. The web app shows each as a chip.
 */

/** A mention as stored; `name` comes first, then the user's id. */
export const MENTION_PATTERN = /@\[([^\]\n]{0,200})\]\(user:([^)\s]{0,64})\)/g;

/** The stored form of a mention of `name`. Brackets in a name would end the link early: they become parentheses. */
export const mentionMarkup = (name: string, id: string) => `@[${name.replace(/\[/g, '(').replace(/\]/g, ')').replace(/\s+/g, ' ').trim()}](user:${id})`;

/** A text cut into plain parts and mentions, in order (for showing it). */
export type MentionPart = { text: string } | { mention: { id: string; name: string } };

export function mentionParts(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ mention: { name: match[1]!, id: match[2]! } });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Someone who may be mentioned on a record: they may read it. */
export const mentionablePerson = z.object({ id: z.uuid(), name: z.string(), email: z.string() }).meta({ id: 'MentionablePerson' });
export type MentionablePerson = z.infer<typeof mentionablePerson>;
export const mentionableList = z.object({ items: z.array(mentionablePerson) });
export type MentionableList = z.infer<typeof mentionableList>;

/** What was typed after the `@`: a prefix of a first name, last name or email (empty: the first few people). */
export const mentionSearch = z.object({ q: optionalPlainText({ max: 100 }).optional() });

/** How many people the `@` list offers at once. */
export const MENTIONABLE_LIMIT = 8;
