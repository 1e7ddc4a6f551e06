import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/web/components/ui/toaster';
import { apiError, deferred, mockApi, uuid, type Reply } from '@/web/test/admin';
import { ImportDialog } from './import-dialog';

const ENTITY = uuid(100);

afterEach(() => vi.unstubAllGlobals());

function renderDialog(entityName = 'London') {
  const onOpenChange = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ImportDialog
        open
        onOpenChange={onOpenChange}
        title="Import Employees"
        path="/hrms/employees/import"
        entityId={ENTITY}
        entityName={entityName}
        columns={['firstName', 'lastName', 'workEmail']}
        invalidate={['hrms']}
      />
      <ToastHost />
    </QueryClientProvider>,
  );
  return { onOpenChange, dialog: screen.getByRole('dialog', { name: 'Import Employees' }) };
}

const csv = (text: string, name = 'people.csv') => new File([text], name, { type: 'text/csv' });

describe('Import dialog', () => {
  it('sends the file to the entity, shows "Importing..." meanwhile, then the per-row report', async () => {
    const answer = deferred<Reply>();
    const calls = mockApi({ 'POST /hrms/employees/import': () => answer.promise });
    const { dialog, onOpenChange } = renderDialog();
    expect(within(dialog).getByText('Into London. The first row names the columns: firstName, lastName, workEmail.')).toBeInTheDocument();
    const text = 'firstName,lastName,workEmail\nAda,Lovelace,ada@example.com\n,Nobody,bad\n';
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), csv(text));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('button', { name: 'Importing...' })).toBeDisabled();
    expect(calls[0]!.body).toEqual({ entityId: ENTITY, csv: text });

    answer.resolve({ body: { created: 1, errors: [{ row: 3, message: 'First name is required' }] } });
    const report = await within(dialog).findByRole('table', { name: 'Rows not imported' });
    expect(within(report).getByRole('row', { name: '3 First name is required' })).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 imported, 1 not imported.');
    // The toast says the same (the status line splits its numbers into <strong>, so this finds the toast).
    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    expect(screen.getByText('1 imported, 1 not imported.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('ends the sentence with one full stop when the entity’s name ends with one', async () => {
    mockApi({});
    const { dialog } = renderDialog('Northwind Inc.');
    expect(within(dialog).getByText('Into Northwind Inc. The first row names the columns: firstName, lastName, workEmail.')).toBeInTheDocument();
  });

  it('asks for a file, refuses one over the body limit before sending, and shows a server refusal', async () => {
    const calls = mockApi({ 'POST /hrms/employees/import': apiError(400, 'The CSV has no header row.') });
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a CSV file.');

    await userEvent.upload(within(dialog).getByLabelText('CSV file'), csv('x'.repeat(96 * 1024), 'big.csv'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The file is too large: import at most about 1000 rows at a time.');
    expect(calls).toHaveLength(0);

    await userEvent.upload(within(dialog).getByLabelText('CSV file'), csv('Ada'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The CSV has no header row.');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
  });
});
