import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { mentionMarkup, mentionParts, type MentionableList, type MentionablePerson } from '@/shared/mentions';
import { Textarea } from '@/web/components/ui/textarea';
import { cn } from '@/web/lib/utils';

/*
 * A text box where `@` offers the people who may read the record (issue 33). The value is the
 * stored form, with each mention as `@[Name](user:<id>)` (shared/mentions.ts); the box shows
 * `@Name`. Editing inside a mention turns it back into plain text. The list under the box is a
 * listbox the keyboard drives from the text box: arrows move, Enter or Tab picks, Escape closes.
 */

/** A mention where the box shows it: `start`..`end` covers `@Name`. */
type Placed = { start: number; end: number; id: string; name: string };

/** The stored form as the box shows it, with where each mention sits. */
function toDisplay(value: string): { text: string; mentions: Placed[] } {
  let text = '';
  const mentions: Placed[] = [];
  for (const part of mentionParts(value)) {
    if ('text' in part) text += part.text;
    else {
      const shown = `@${part.mention.name}`;
      mentions.push({
        start: text.length,
        end: text.length + shown.length,
        ...part.mention,
      });
      text += shown;
    }
  }
  return { text, mentions };
}

/** The box's text back in the stored form. */
function toValue(text: string, mentions: Placed[]): string {
  let value = '';
  let at = 0;
  for (const m of [...mentions].sort((x, y) => x.start - y.start)) {
    value += text.slice(at, m.start) + mentionMarkup(m.name, m.id);
    at = m.end;
  }
  return value + text.slice(at);
}

/**
 * The mentions after an edit from `before` to `after`: those wholly before or after the changed
 * span stay (shifted), any the edit touched become the plain text they now are.
 */
function carryMentions(before: string, after: string, mentions: Placed[]): Placed[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const changedEnd = before.length - tail;
  const shift = after.length - before.length;
  return mentions.flatMap((m) => (m.end <= head ? [m] : m.start >= changedEnd ? [{ ...m, start: m.start + shift, end: m.end + shift }] : []));
}

/** What is being typed after an `@` before the caret (a word, or two for a full name), or null. */
function mentionQuery(text: string, caret: number, mentions: Placed[]): { start: number; query: string } | null {
  const start = text.lastIndexOf('@', caret - 1);
  if (start < 0 || (start > 0 && !/[\s([{"']/.test(text[start - 1]!))) return null;
  if (mentions.some((m) => start >= m.start && start < m.end)) return null;
  const query = text.slice(start + 1, caret);
  return query.length <= 40 && /^[^\s@]*( [^\s@]*)?$/.test(query) ? { start, query } : null;
}

export interface MentionTextareaProps extends Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'id'> {
  id: string;
  /** The text in its stored form (mentions as markup). */
  value: string;
  onChange: (value: string) => void;
  /** The query for the people who may be mentioned, by what was typed after `@`. */
  people: (query: string) => { queryKey: readonly unknown[]; queryFn: () => Promise<MentionableList> };
}

export function MentionTextarea({ id, value, onChange, people, className, onKeyDown, 'aria-describedby': describedBy, ...props }: MentionTextareaProps) {
  const listId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const { text, mentions } = toDisplay(value);
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const caretAfter = useRef<number | null>(null);

  const open = typing !== null && dismissed !== typing.start;
  const found = useQuery({ ...people(typing?.query ?? ''), enabled: open, staleTime: 30_000, placeholderData: keepPreviousData });
  const options: MentionablePerson[] = open ? (found.data?.items ?? []) : [];
  const shown = open && (options.length > 0 || found.isFetched);
  const current = options[Math.min(active, options.length - 1)];

  useLayoutEffect(() => {
    if (caretAfter.current === null || !box.current) return;
    box.current.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  });

  /** Whether the caret is after an `@` with what follows it; a new `@` opens a list closed with Escape. */
  const follow = (nextText: string, caret: number, nextMentions: Placed[]) => {
    const next = mentionQuery(nextText, caret, nextMentions);
    if (next?.start !== typing?.start) {
      setActive(0);
      setDismissed(null);
    }
    setTyping(next);
  };

  const pick = (person: MentionablePerson) => {
    if (!typing || !box.current) return;
    const caret = box.current.selectionStart;
    const shownName = `@${person.name}`;
    const nextText = `${text.slice(0, typing.start)}${shownName} ${text.slice(caret)}`;
    const kept = carryMentions(text, nextText, mentions).filter((m) => m.end <= typing.start || m.start >= typing.start + shownName.length + 1);
    const placed = { start: typing.start, end: typing.start + shownName.length, id: person.id, name: person.name };
    caretAfter.current = placed.end + 1;
    setTyping(null);
    onChange(toValue(nextText, [...kept, placed]));
  };

  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (shown && typing) {
      if (event.key === 'Escape') {
        // Closes the list only: a dialog around the box stays open.
        event.preventDefault();
        event.stopPropagation();
        setDismissed(typing.start);
        return;
      }
      if (options.length > 0 && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        event.preventDefault();
        setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
        return;
      }
      if (current && (event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
        event.preventDefault();
        pick(current);
        return;
      }
    }
    onKeyDown?.(event);
  };

  const optionId = (person: MentionablePerson) => `${listId}-${person.id}`;
  const hintId = `${id}-mention-hint`;
  return (
    <div className="relative grid gap-1">
      <Textarea
        {...props}
        ref={box}
        id={id}
        className={className}
        value={text}
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown && current ? optionId(current) : undefined}
        aria-describedby={[describedBy, hintId].filter(Boolean).join(' ')}
        onChange={(event) => {
          const nextText = event.target.value;
          const nextMentions = carryMentions(text, nextText, mentions);
          follow(nextText, event.target.selectionStart, nextMentions);
          onChange(toValue(nextText, nextMentions));
        }}
        onSelect={(event) => {
          // The caret moved (or the text changed under it): what the box holds now decides.
          const now = event.currentTarget.value;
          follow(now, event.currentTarget.selectionStart, carryMentions(text, now, mentions));
        }}
        onBlur={() => setTyping(null)}
        onKeyDown={keys}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        Type @ to mention someone who can see this record.
      </p>
      <p role="status" className="sr-only">
        {shown
          ? options.length === 0
            ? 'No one to mention matches.'
            : `${options.length} ${options.length === 1 ? 'person' : 'people'} to mention. Arrow keys choose, Enter picks.`
          : ''}
      </p>
      {shown ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-60 overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {options.length === 0 ? (
            <li role="presentation" className="px-2 py-1.5 text-sm text-muted-foreground">
              No one to mention matches “{typing?.query}”.
            </li>
          ) : (
            options.map((person) => (
              <li
                key={person.id}
                id={optionId(person)}
                role="option"
                aria-selected={person === current}
                // Picking keeps the focus (and the caret) in the text box.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(person)}
                className={cn('grid cursor-pointer rounded-sm px-2 py-1.5 text-sm', person === current && 'bg-accent text-accent-foreground')}
              >
                <span className="truncate font-medium">{person.name}</span>
                <span className="truncate text-xs text-muted-foreground">{person.email}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}

/** A mention as it reads in a text: the person's name, marked. */
export function MentionChip({ name }: { name: string }) {
  return <span className="rounded-sm bg-primary/10 px-1 font-medium text-primary">@{name}</span>;
}

/** A plain text (line breaks kept by the caller's `whitespace-pre-wrap`) with its mentions shown as chips. */
export function MentionText({ children }: { children: string }) {
  return <>{mentionParts(children).map((part, i) => ('text' in part ? part.text : <MentionChip key={i} name={part.mention.name} />))}</>;
}
