import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RemoveProductDialog, type RemovalScope } from './remove-product-dialog';

function renderDialog(scope: RemovalScope, busy = false) {
  const onConfirm = vi.fn();
  const onOpenChange = vi.fn();
  render(<RemoveProductDialog product={{ name: 'CRM' }} scope={scope} busy={busy} onConfirm={onConfirm} onOpenChange={onOpenChange} />);
  return { dialog: screen.getByRole('alertdialog'), onConfirm, onOpenChange };
}

/** The dialog's list of consequences, one sentence per item. */
const consequences = (dialog: HTMLElement) => within(dialog).getAllByRole('listitem').map((li) => li.textContent);

describe('the product removal confirmation', () => {
  it('says, for the company, that the module is hidden, which access ends with the numbers, and that the data is kept and comes back', () => {
    const { dialog } = renderDialog({ kind: 'company', entityCount: 2, userCount: 1 });
    expect(dialog).toHaveAccessibleName('Remove CRM from your company?');
    expect(dialog).toHaveAccessibleDescription('CRM is removed from your company and from every entity that holds it.');
    expect(consequences(dialog)).toEqual([
      'The module is hidden. CRM leaves the products hub, and nobody in your company can open it.',
      'Access ends. 2 entities lose CRM, and 1 user loses their access to it.',
      "The data is kept. CRM's records stay, and come back if you add CRM again and give it back to the entities. Users must then be granted access again.",
    ]);
  });

  it('says when no user, or nothing at all, holds the product yet', () => {
    expect(consequences(renderDialog({ kind: 'company', entityCount: 1, userCount: 0 }).dialog)[1]).toBe('Access ends. 1 entity loses CRM; no user is granted it.');
    cleanup();
    expect(consequences(renderDialog({ kind: 'company', entityCount: 0, userCount: 0 }).dialog)[1]).toBe('Access ends. No entity holds CRM and no user is granted it.');
  });

  it('names the entity, and says the removal happens on Update Entity', () => {
    const { dialog } = renderDialog({ kind: 'entity', entityName: 'Berlin' });
    expect(dialog).toHaveAccessibleName('Remove CRM from Berlin?');
    expect(dialog).toHaveAccessibleDescription('This happens when you select Update Entity.');
    expect(consequences(dialog)).toEqual([
      'The module is hidden. Nobody can open CRM at Berlin any more.',
      "Access ends. Every user's access to CRM at Berlin ends.",
      "The data is kept. Berlin's CRM records stay, and come back if you give Berlin CRM again. Users must then be granted access again.",
    ]);
  });

  it('removes only when confirmed; Cancel and Escape leave the product', async () => {
    const { dialog, onConfirm, onOpenChange } = renderDialog({ kind: 'entity', entityName: 'Berlin' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange.mock.calls).toEqual([[false], [false]]);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove CRM' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('while the removal is sent: reads Removing..., and neither button nor Escape does anything', async () => {
    const { dialog, onConfirm, onOpenChange } = renderDialog({ kind: 'company', entityCount: 1, userCount: 0 }, true);
    expect(within(dialog).getByRole('button', { name: 'Removing...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
