import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ContactContext } from './contact';
import { PricingCalculator } from './pricing-calculator';

function renderCalculator() {
  const contact = vi.fn();
  render(
    <MemoryRouter>
      <ContactContext value={contact}>
        <PricingCalculator />
      </ContactContext>
    </MemoryRouter>,
  );
  return { contact, user: userEvent.setup() };
}

const total = () => screen.queryByTestId('quote-total')?.textContent;

describe('PricingCalculator', () => {
  it('starts with CRM, HRMS and Payroll for 25 users, with the 3-module discount', () => {
    renderCalculator();
    // 27 × 25 = 675, 10% off.
    expect(screen.getByTestId('quote-subtotal')).toHaveTextContent('$675');
    expect(screen.getByTestId('quote-bundle')).toHaveTextContent('−$67.50');
    expect(total()).toBe('$607.50');
  });

  it('applies the bundle discount first and the annual discount on the result', async () => {
    const { user } = renderCalculator();
    await user.click(screen.getByLabelText('ATS'));
    await user.click(screen.getByLabelText('Projects'));
    await user.clear(screen.getByLabelText('Number of users'));
    await user.type(screen.getByLabelText('Number of users'), '10');
    await user.clear(screen.getByLabelText('Number of entities'));
    await user.type(screen.getByLabelText('Number of entities'), '2');
    await user.click(screen.getByRole('radio', { name: /annual/i }));
    expect(screen.getByTestId('quote-subtotal')).toHaveTextContent('$840');
    expect(screen.getByTestId('quote-bundle')).toHaveTextContent('−$168');
    expect(screen.getByTestId('quote-annual')).toHaveTextContent('−$134.40');
    expect(total()).toBe('$537.60');
    expect(screen.getByTestId('quote-year')).toHaveTextContent('$6,451.20');
  });

  it('asks for a valid number of users and at least one module', async () => {
    const { user } = renderCalculator();
    const users = screen.getByLabelText('Number of users');
    await user.clear(users);
    await user.type(users, '2.5');
    expect(screen.getByText('Enter a whole number of users from 1 to 50,000.')).toBeInTheDocument();
    expect(users).toHaveAttribute('aria-invalid', 'true');
    expect(total()).toBeUndefined();

    await user.clear(users);
    await user.type(users, '3');
    for (const m of ['CRM', 'HRMS', 'Payroll']) await user.click(screen.getByLabelText(m));
    expect(screen.getByText('Choose at least one module to see a price.')).toBeInTheDocument();
  });

  it('mentions volume discounts over 500 users and offers a custom quote over 1,000', async () => {
    const { user, contact } = renderCalculator();
    const users = screen.getByLabelText('Number of users');
    await user.clear(users);
    await user.type(users, '501');
    expect(screen.getByText('Teams over 500 users qualify for volume discounts.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a custom quote' })).not.toBeInTheDocument();

    await user.clear(users);
    await user.type(users, '1200');
    const note = screen.getByText('Over 1,000 users? You get a custom quote.').closest('[role="note"]') as HTMLElement;
    await user.click(within(note).getByRole('button', { name: 'Request a custom quote' }));
    expect(contact).toHaveBeenCalledWith({
      intent: 'quote',
      message: 'Modules: CRM, HRMS, Payroll\nUsers: 1,200\nEntities: 1\nBilling: monthly',
    });
  });

  it('offers the free trial through sign-up', () => {
    renderCalculator();
    expect(screen.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText('14-day free trial. No credit card required.')).toBeInTheDocument();
  });
});
