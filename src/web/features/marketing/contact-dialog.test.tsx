import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactDialog, contactMailto } from './contact-dialog';

const toastSuccess = vi.hoisted(() => vi.fn());
vi.mock('@/web/lib/toast', () => ({ toast: { success: toastSuccess } }));

function renderDialog(intent: 'demo' | 'sales' | 'quote' = 'demo', message?: string) {
  const openMailto = vi.fn();
  const onOpenChange = vi.fn();
  render(<ContactDialog open onOpenChange={onOpenChange} request={{ intent, message }} openMailto={openMailto} />);
  return { openMailto, onOpenChange, user: userEvent.setup() };
}

describe('ContactDialog', () => {
  beforeEach(() => toastSuccess.mockClear());

  it('says it opens an email to sales, with labelled fields, starting in the first one', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Book a demo' });
    expect(dialog).toHaveTextContent('opens a pre-filled email to sales@worksphere.example');
    for (const label of ['Full name', 'Work email', 'Company', 'Message (optional)']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveFocus();
  });

  it('names what is missing and sends nothing', async () => {
    const { user, openMailto } = renderDialog();
    await user.type(screen.getByLabelText('Work email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Open email to sales' }));
    expect(screen.getByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid work email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your company')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-describedby', expect.stringContaining('error'));
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(openMailto).not.toHaveBeenCalled();
  });

  it('opens the pre-filled email, thanks the visitor and closes', async () => {
    const { user, openMailto, onOpenChange } = renderDialog('sales');
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Work email'), 'ada@engines.example');
    await user.type(screen.getByLabelText('Company'), 'Analytical Engines');
    await user.click(screen.getByRole('button', { name: 'Open email to sales' }));
    expect(openMailto).toHaveBeenCalledWith(
      contactMailto('sales', { name: 'Ada Lovelace', email: 'ada@engines.example', company: 'Analytical Engines', message: '' }),
    );
    expect(toastSuccess).toHaveBeenCalledWith('Thanks, Ada!', expect.objectContaining({ description: expect.stringContaining('sales@worksphere.example') }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('pre-fills the message for a custom quote', () => {
    renderDialog('quote', 'Users: 1,200');
    expect(screen.getByRole('dialog', { name: 'Request a custom quote' })).toBeInTheDocument();
    expect(screen.getByLabelText('Message (optional)')).toHaveValue('Users: 1,200');
  });
});

describe('contactMailto', () => {
  it('addresses sales with a subject naming the request and the company', () => {
    const href = contactMailto('demo', { name: ' Ada ', email: 'ada@x.example', company: 'Engines & Co', message: 'Hi' });
    expect(href.startsWith('mailto:sales@worksphere.example?subject=')).toBe(true);
    const params = new URLSearchParams(href.split('?')[1]);
    expect(params.get('subject')).toBe('Demo request from Engines & Co');
    expect(params.get('body')).toBe('Name: Ada\nWork email: ada@x.example\nCompany: Engines & Co\n\nHi');
  });
});
