import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mentionMarkup, type MentionablePerson } from '@/shared/mentions';
import { MentionText, MentionTextarea } from './mention-textarea';

const ADA: MentionablePerson = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Lovelace', email: 'ada@example.com' };
const ALAN: MentionablePerson = { id: '00000000-0000-4000-8000-000000000002', name: 'Alan Turing', email: 'alan@example.com' };
const GRACE: MentionablePerson = { id: '00000000-0000-4000-8000-000000000003', name: 'Grace Hopper', email: 'grace@example.com' };

/** The box in a form of its own, with what it holds (the stored form) shown beside it. */
function renderBox(initial = '') {
  const asked: string[] = [];
  const people = (q: string) => ({
    queryKey: ['people', q],
    queryFn: async () => {
      asked.push(q);
      const p = q.toLowerCase();
      return { items: [ADA, ALAN, GRACE].filter((x) => x.name.toLowerCase().startsWith(p) || x.name.toLowerCase().includes(` ${p}`)) };
    },
  });
  const onEscape = vi.fn();
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <div onKeyDown={(e) => e.key === 'Escape' && onEscape()}>
        <label htmlFor="note">Comment</label>
        <MentionTextarea id="note" value={value} onChange={setValue} people={people} />
        <span data-testid="stored">{value}</span>
      </div>
    );
  }
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <Form />
    </QueryClientProvider>,
  );
  const box = screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement;
  return { box, asked, onEscape, stored: () => screen.getByTestId('stored').textContent };
}

describe('MentionTextarea', () => {
  it('offers the people after @, picks one with the arrow keys and Enter, and stores the mention', async () => {
    const { box, stored, asked } = renderBox();
    await userEvent.type(box, 'Hi @a');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Ada Lovelaceada@example.com', 'Alan Turingalan@example.com']);
    expect(asked).toContain('a');
    // The first is active; the box points at it for screen readers.
    const [ada, alan] = within(list).getAllByRole('option');
    expect(ada).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', ada!.id);
    expect(box).toHaveAttribute('aria-controls', list.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(alan).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', alan!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(ada).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box.value).toBe('Hi @Alan Turing ');
    expect(stored()).toBe(`Hi ${mentionMarkup('Alan Turing', ALAN.id)} `);
    // The caret is after the mention: typing goes on from there.
    await userEvent.keyboard('thanks');
    expect(stored()).toBe(`Hi ${mentionMarkup('Alan Turing', ALAN.id)} thanks`);
  });

  it('Tab picks too; a full name narrows the list; Escape closes the list and nothing else; Enter without a list is a new line', async () => {
    const { box, stored, onEscape } = renderBox();
    await userEvent.type(box, 'Line one{Enter}@grace h');
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{Tab}');
    expect(stored()).toBe(`Line one\n${mentionMarkup('Grace Hopper', GRACE.id)} `);
    expect(box).toHaveFocus();

    await userEvent.type(box, '@a');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onEscape).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}and more');
    expect(stored()).toBe(`Line one\n${mentionMarkup('Grace Hopper', GRACE.id)} @a\nand more`);
  });

  it('says when nobody matches; an @ inside a word (an email) offers nobody', async () => {
    const { box } = renderBox();
    await userEvent.type(box, '@zz');
    expect(await screen.findByText('No one to mention matches “zz”.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No one to mention matches.');
    await userEvent.clear(box);
    await userEvent.type(box, 'mail ada@a');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('picks with the mouse too; editing inside a mention turns it back into plain text, the others stay', async () => {
    const { box, stored } = renderBox(`${mentionMarkup('Ada Lovelace', ADA.id)} and ${mentionMarkup('Alan Turing', ALAN.id)}`);
    expect(box.value).toBe('@Ada Lovelace and @Alan Turing');
    // Remove the last letter of Ada's name.
    box.setSelectionRange(13, 13);
    await userEvent.type(box, '{Backspace}', { initialSelectionStart: 13, initialSelectionEnd: 13 });
    expect(stored()).toBe(`@Ada Lovelac and ${mentionMarkup('Alan Turing', ALAN.id)}`);
    await userEvent.type(box, ' @gr', { initialSelectionStart: box.value.length, initialSelectionEnd: box.value.length });
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Grace Hopper/ }));
    expect(stored()).toBe(`@Ada Lovelac and ${mentionMarkup('Alan Turing', ALAN.id)} ${mentionMarkup('Grace Hopper', GRACE.id)} `);
  });
});

describe('MentionText', () => {
  it('shows mentions as marked names and keeps the rest as written', () => {
    render(
      <p data-testid="text" className="whitespace-pre-wrap">
        <MentionText>{`Hi ${mentionMarkup('Ada Lovelace', ADA.id)},\nsee @[broken](user:nope`}</MentionText>
      </p>,
    );
    expect(screen.getByTestId('text').textContent).toBe('Hi @Ada Lovelace,\nsee @[broken](user:nope');
    expect(screen.getByText('@Ada Lovelace').tagName).toBe('SPAN');
  });
});
