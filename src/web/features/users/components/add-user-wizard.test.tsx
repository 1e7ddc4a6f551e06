import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntityOption } from '@/shared/entities';
import type { Product } from '@/shared/products';
import { USER_MESSAGES } from '@/shared/users';
import { apiError, deferred, mockApi, renderPage, uuid, type Handler, type Reply } from '@/web/test/admin';
import { UsersPage } from '../users-page';

const ATS: Product = { id: uuid(0x90), name: 'ATS', type: 'ats', description: null };
const CRM: Product = { id: uuid(0x91), name: 'CRM', type: 'crm', description: null };
const HRMS: Product = { id: uuid(0x92), name: 'HRMS', type: 'hrms', description: null };
const arlington: EntityOption = { id: uuid(0xe1), name: 'Arlington', organizationName: 'Americas', productIds: [CRM.id] };
const remote: EntityOption = { id: uuid(0xe2), name: 'Remote', organizationName: null, productIds: [CRM.id, ATS.id] };
const berlin: EntityOption = { id: uuid(0xe3), name: 'Berlin', organizationName: 'Europe', productIds: [ATS.id] };

afterEach(() => vi.unstubAllGlobals());

function api(overrides: Record<string, Handler | Reply> = {}) {
  return mockApi({
    'GET /users': { body: { items: [], nextCursor: null, total: 0 } },
    'GET /me/products': { body: { items: [ATS, CRM, HRMS] } },
    'GET /entity-options': { body: { items: [arlington, berlin, remote] } },
    ...overrides,
  });
}

async function openWizard() {
  renderPage(<UsersPage />, { path: '/user-management' });
  await userEvent.click(await screen.findByRole('button', { name: 'Add User' }));
  return screen.findByRole('dialog', { name: 'Add New User' });
}

const next = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));

async function fillAccount(dialog: HTMLElement) {
  const w = within(dialog);
  await userEvent.type(w.getByLabelText('First Name'), 'Ada');
  await userEvent.type(w.getByLabelText('Last Name'), 'Lovelace');
  await userEvent.type(w.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(w.getByLabelText('Password'), 'secret123');
  await userEvent.type(w.getByLabelText('Confirm Password'), 'secret123');
}

async function toStep2(dialog: HTMLElement) {
  await fillAccount(dialog);
  await next(dialog);
  await within(dialog).findByText('Step 2 of 3');
}

async function chooseEntity(scope: HTMLElement, label: string, option: string) {
  await userEvent.click(within(scope).getByLabelText(label));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const group = (dialog: HTMLElement, product: string) => within(dialog).getByRole('group', { name: product });

describe('add user wizard', () => {
  it('step 1: shows each field message under its field and stays on the step', async () => {
    api();
    const dialog = await openWizard();
    const w = within(dialog);
    expect(w.getByText('Step 1 of 3')).toBeInTheDocument();
    await next(dialog);
    expect(w.getByText(USER_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(w.getByText(USER_MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(w.getByText(USER_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(w.getByText(USER_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(w.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(w.getByLabelText('First Name')).toHaveAccessibleDescription(USER_MESSAGES.firstNameRequired);

    await userEvent.type(w.getByLabelText('First Name'), 'Ada');
    await userEvent.type(w.getByLabelText('Last Name'), 'Lovelace');
    await userEvent.type(w.getByLabelText('Email'), 'ada.example.com');
    await userEvent.type(w.getByLabelText('Password'), '12345');
    await userEvent.type(w.getByLabelText('Confirm Password'), '12345');
    await next(dialog);
    expect(w.getByText(USER_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(w.getByText(USER_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(w.queryByText(USER_MESSAGES.firstNameRequired)).not.toBeInTheDocument();

    await userEvent.clear(w.getByLabelText('Email'));
    await userEvent.type(w.getByLabelText('Email'), 'ada@example.com');
    await userEvent.clear(w.getByLabelText('Password'));
    await userEvent.type(w.getByLabelText('Password'), 'secret123');
    await userEvent.clear(w.getByLabelText('Confirm Password'));
    await userEvent.type(w.getByLabelText('Confirm Password'), 'secret124');
    await next(dialog);
    expect(w.getByText(USER_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(w.getByText('Step 1 of 3')).toBeInTheDocument();

    // The password fields have a show/hide toggle.
    await userEvent.click(w.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(w.getByLabelText('Password')).toHaveAttribute('type', 'text');

    await userEvent.clear(w.getByLabelText('Confirm Password'));
    await userEvent.type(w.getByLabelText('Confirm Password'), 'secret123');
    await next(dialog);
    expect(await w.findByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('Cancel on step 1 closes; Back goes one step back keeping what was typed', async () => {
    api();
    let dialog = await openWizard();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('');
    await toStep2(dialog);
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('Ada');
  });

  it('step 2: ticking adds a row, unticking removes all its rows, and Next needs a product and an entity', async () => {
    api();
    const dialog = await openWizard();
    await toStep2(dialog);
    const w = within(dialog);

    await next(dialog);
    expect(await w.findByText(USER_MESSAGES.selectProduct)).toBeInTheDocument();

    await userEvent.click(await w.findByRole('checkbox', { name: 'CRM' }));
    const crm = group(dialog, 'CRM');
    expect(within(crm).getAllByLabelText(/^Entity for CRM/)).toHaveLength(1);
    expect(within(crm).getByLabelText('Role for CRM, row 1')).toHaveTextContent('App Admin');
    expect(within(crm).queryByRole('button', { name: 'Remove row' })).not.toBeInTheDocument();

    await next(dialog);
    expect(await w.findByText(USER_MESSAGES.configureAccess)).toBeInTheDocument();
    expect(w.getByText('Step 2 of 3')).toBeInTheDocument();

    // Only entities holding CRM, with their organization or "No Organization".
    await userEvent.click(within(crm).getByLabelText('Entity for CRM, row 1'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Arlington (Americas)', 'Remote (No Organization)']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(crm).getByRole('button', { name: 'Add Entity' }));
    expect(within(crm).getAllByLabelText(/^Entity for CRM/)).toHaveLength(2);
    expect(within(crm).getAllByRole('button', { name: 'Remove row' })).toHaveLength(2);
    // Two entities hold CRM: a third row would have nothing to offer.
    expect(within(crm).getByRole('button', { name: 'Add Entity' })).toBeDisabled();

    await userEvent.click(within(crm).getAllByRole('button', { name: 'Remove row' })[0]!);
    expect(within(crm).getAllByLabelText(/^Entity for CRM/)).toHaveLength(1);
    expect(within(crm).queryByRole('button', { name: 'Remove row' })).not.toBeInTheDocument();

    await userEvent.click(within(crm).getByRole('button', { name: 'Add Entity' }));
    await userEvent.click(w.getByRole('checkbox', { name: 'CRM' }));
    expect(w.queryByRole('group', { name: 'CRM' })).not.toBeInTheDocument();
    await userEvent.click(w.getByRole('checkbox', { name: 'CRM' }));
    expect(within(group(dialog, 'CRM')).getAllByLabelText(/^Entity for CRM/)).toHaveLength(1);
  });

  it('disables Add Entity when no entity holds the product', async () => {
    api();
    const dialog = await openWizard();
    await toStep2(dialog);
    await userEvent.click(await within(dialog).findByLabelText('HRMS'));
    const hrms = group(dialog, 'HRMS');
    expect(within(hrms).getByRole('button', { name: 'Add Entity' })).toBeDisabled();
    expect(within(hrms).getByText('No entity of your company holds this product yet.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('ATS'));
    expect(within(group(dialog, 'ATS')).getByRole('button', { name: 'Add Entity' })).toBeEnabled();
  });

  it('reviews, then creates with only the rows that have an entity, closing only on success', async () => {
    let attempt = 0;
    const save = deferred<Reply>();
    const calls = api({
      'POST /users': () => (++attempt === 1 ? apiError(409, 'User already registered', 'conflict') : save.promise),
    });
    const dialog = await openWizard();
    const w = within(dialog);
    await toStep2(dialog);
    await userEvent.click(await w.findByRole('checkbox', { name: 'CRM' }));
    await userEvent.click(w.getByRole('checkbox', { name: 'HRMS' }));
    await userEvent.click(w.getByRole('checkbox', { name: 'ATS' }));
    await chooseEntity(group(dialog, 'CRM'), 'Entity for CRM, row 1', 'Remote (No Organization)');
    await userEvent.click(within(group(dialog, 'CRM')).getByRole('button', { name: 'Add Entity' }));
    await chooseEntity(group(dialog, 'CRM'), 'Entity for CRM, row 2', 'Arlington (Americas)');
    await userEvent.click(within(group(dialog, 'ATS')).getByRole('button', { name: 'Add Entity' }));
    await chooseEntity(group(dialog, 'ATS'), 'Entity for ATS, row 2', 'Berlin (Europe)');
    await next(dialog);

    expect(await w.findByText('Step 3 of 3')).toBeInTheDocument();
    expect(w.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(w.getByText('ada@example.com')).toBeInTheDocument();
    expect(w.getByText('Remote (No Organization)')).toBeInTheDocument();
    expect(w.getByText('Arlington (Americas)')).toBeInTheDocument();
    expect(w.getByText('Berlin (Europe)')).toBeInTheDocument();
    expect(w.getAllByText('App Admin')).toHaveLength(3);
    expect(w.queryByText('HRMS')).not.toBeInTheDocument();

    await userEvent.click(w.getByRole('button', { name: 'Create User' }));
    expect(await w.findByText('User already registered')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();

    await userEvent.click(w.getByRole('button', { name: 'Create User' }));
    expect(await w.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    save.resolve({ status: 201, body: { id: uuid(7), firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'user', status: 'active', createdAt: '2026-03-05T12:00:00.000Z' } });
    expect(await screen.findByText(USER_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const posted = calls.filter((c) => c.method === 'POST' && c.path === '/users').at(-1)?.body;
    expect(posted).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'secret123',
      confirmPassword: 'secret123',
      access: [
        { productId: CRM.id, entityId: remote.id, roleType: 'app_admin' },
        { productId: CRM.id, entityId: arlington.id, roleType: 'app_admin' },
        { productId: ATS.id, entityId: berlin.id, roleType: 'app_admin' },
      ],
    });
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/users')).toHaveLength(2));
  });

  it('falls back to "Failed to create user" when the server gives no message', async () => {
    api({ 'POST /users': { status: 502, body: 'Bad gateway' } });
    const dialog = await openWizard();
    await toStep2(dialog);
    await userEvent.click(await within(dialog).findByLabelText('CRM'));
    await chooseEntity(group(dialog, 'CRM'), 'Entity for CRM, row 1', 'Arlington (Americas)');
    await next(dialog);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Failed to create user')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('add user wizard: invitation', () => {
  it('"Send an invitation email" drops the password fields and sends the invitation instead', async () => {
    const calls = api({
      'POST /users/invitations': {
        status: 201,
        body: { id: uuid(5), firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'user', status: 'invited', createdAt: '2026-03-05T12:00:00.000Z' },
      },
    });
    const dialog = await openWizard();
    const w = within(dialog);
    await userEvent.click(w.getByRole('checkbox', { name: 'Send an invitation email' }));
    expect(w.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.type(w.getByLabelText('First Name'), 'Ada');
    await userEvent.type(w.getByLabelText('Last Name'), 'Lovelace');
    await userEvent.type(w.getByLabelText('Email'), 'ada@example.com');
    await next(dialog);
    await w.findByText('Step 2 of 3');
    await userEvent.click(w.getByRole('checkbox', { name: 'CRM' }));
    await chooseEntity(group(dialog, 'CRM'), 'Entity for CRM, row 1', 'Arlington (Americas)');
    await next(dialog);
    expect(await w.findByText('Chosen by them from the invitation email')).toBeInTheDocument();
    await userEvent.click(w.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(USER_MESSAGES.invited)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/users/invitations',
      body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', access: [{ productId: CRM.id, entityId: arlington.id, roleType: 'app_admin' }] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
